// browser_read.read: a flat ARIA outline with stable refs, bounded in nodes, name length and
// (estimated) tokens so that one response stays well under an MCP client's 25k-token cap.

import { currentRefStore, refFor, rememberIdentity } from '../refs/refStore';
import { clipText } from '../text/neutralise';
import { redactUrl } from '../text/redactUrl';
import { walkOutline, type Unreachable } from './outlineWalk';
import { estimateNodeTokens } from '../text/tokenEstimate';

export const DEFAULT_MAX_NODES = 2_000;
export const DEFAULT_MAX_NAME_CHARS = 200;
// Estimated tokens for the node list; the estimate runs high, so real o200k counts land lower,
// leaving room under the 25k cap for the MCP envelope.
export const DEFAULT_MAX_TOKENS = 20_000;

export interface SnapshotOptions {
  maxNodes?: number;
  maxName?: number;
  /** Token budget for the node list; 0 turns it off. */
  maxTokens?: number;
}

export interface SnapshotNode {
  role: string;
  name: string;
  ref: string;
  level?: number;
  checked?: boolean | 'mixed';
  disabled?: boolean;
  upload?: boolean;
}

export interface SnapshotResult {
  url: string;
  snapshot: SnapshotNode[];
  truncated?: true;
  unreachable?: Unreachable;
}

function limitOption(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

export function snapshot(options: SnapshotOptions = {}): SnapshotResult {
  const maxNodes = Math.max(1, limitOption(options.maxNodes, DEFAULT_MAX_NODES));
  const maxName = Math.max(1, limitOption(options.maxName, DEFAULT_MAX_NAME_CHARS));
  const maxTokens = limitOption(options.maxTokens, DEFAULT_MAX_TOKENS);
  const store = currentRefStore();
  const nodes: SnapshotNode[] = [];
  let tokens = 0;
  let truncated = false;

  const walk = walkOutline((candidate) => {
    if (nodes.length >= maxNodes) {
      truncated = true;
      return false;
    }
    const name = clipText(candidate.name, maxName);
    const node: SnapshotNode = { role: candidate.role, name: name.text, ref: '' };
    if (candidate.level !== undefined) node.level = candidate.level;
    if (candidate.checked !== undefined) node.checked = candidate.checked;
    if (candidate.disabled) node.disabled = true;
    if (candidate.upload) node.upload = true;
    const cost = estimateNodeTokens(node);
    if (maxTokens > 0 && tokens + cost > maxTokens) {
      truncated = true;
      return false;
    }
    if (name.clipped) truncated = true;
    node.ref = refFor(candidate.element, store);
    rememberIdentity(node.ref, { role: candidate.role, name: candidate.name, nameLimit: maxName, fromContent: candidate.fromContent }, store);
    nodes.push(node);
    tokens += cost;
    return true;
  }, maxName);

  const result: SnapshotResult = { url: redactUrl(location.href), snapshot: nodes };
  if (truncated || walk.visitLimitHit) result.truncated = true;
  if (walk.unreachable.closedShadowRoots > 0 || walk.unreachable.frames > 0) result.unreachable = walk.unreachable;
  return result;
}
