import { sha256Hex } from '../ids';
import { maskIdentity } from './identity';

/** Canonical text: NFC, LF line ends, nothing else changed. */
export function canonicalText(text: string): string {
  return text.replace(/\r\n?/g, '\n').normalize('NFC');
}

/**
 * `sha256:<hex>` over the identity-masked canonical text, so adding the `vmark:` id at first
 * capture does not make a new revision. Snapshots store exactly these masked bytes.
 */
export function contentHash(text: string): { hash: string; masked: string } {
  const masked = maskIdentity(canonicalText(text));
  return { hash: `sha256:${sha256Hex(masked)}`, masked };
}

/** A revision is its content and its parents, like a git commit: A → B → A makes a third revision. */
export function revisionId(hash: string, parents: readonly string[]): string {
  const sorted = [...parents].sort();
  return `rev1:${sha256Hex(`vmark-rev\n${hash}\n${sorted.map((p) => `${p}\n`).join('')}`)}`;
}
