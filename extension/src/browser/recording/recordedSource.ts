import { formatAction, serializeWorkflow, type WorkflowDocument, type WorkflowStepKind } from '@vmark/shared/lib/browserWorkflow/index';
import type { RecordedStep } from './recordings';

/**
 * A recording as workflow text (the grammar of browser.workflow_run): front matter with `site` and
 * `inputs`, then one numbered step per line. Value-free: an edited field becomes `{input}` named
 * after its label, a password or one-time-code field a `confirm:` step, a click without a role a
 * `confirm:` step, a URL its origin and path. Every name is JSON-quoted (and was cut at 120
 * characters in the page), so page text cannot end a line or forge a step.
 */
const MAX_NAME_CHARS = 120;
const MAX_INPUT_NAME_CHARS = 40;

// Paths that carry a credential of their own (a reset or sign-in link, an invitation): origin only.
const CREDENTIAL_PATH = /reset|magic|invite|invitation|token|verify|verification|activate|confirm|unsubscribe|one-?time|otp/i;
// A long opaque path segment is as good as a token.
const OPAQUE_SEGMENT = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_-]{24,}$/;

/** Origin + path of an http(s) URL (origin only for a credential-looking path); null for anything else. */
export function recordedUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const segments = url.pathname.split('/');
  if (CREDENTIAL_PATH.test(url.pathname) || segments.some((s) => OPAQUE_SEGMENT.test(s))) return `${url.origin}/`;
  return url.origin + url.pathname;
}

function clipName(name: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  return clean.length > MAX_NAME_CHARS ? clean.slice(0, MAX_NAME_CHARS) : clean;
}

/** A name as a JSON string on one line (U+2028/2029 escaped too: some readers split lines there). */
export function quoteName(name: string): string {
  return JSON.stringify(clipName(name)).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The role as the grammar takes it ([a-z]+(-[a-z]+)*), or null. */
function roleToken(role: string): string | null {
  return /^[a-z]+(-[a-z]+)*$/.test(role) ? role : null;
}

/** An input name from a field's label: NFKC, ASCII letters and digits joined by `_`. */
export function slugOf(label: string): string {
  const slug = label
    .normalize('NFKC')
    .toUpperCase() // ß → SS
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_INPUT_NAME_CHARS)
    .replace(/_+$/, '');
  if (!slug) return '';
  return /^[a-z_]/.test(slug) ? slug : `field_${slug}`;
}

class InputNames {
  private readonly byField = new Map<string, string>();
  readonly names: string[] = [];

  /** The same field (role + name) edited again reuses its input. */
  nameFor(role: string, label: string): string {
    const field = `${role}\u0000${label}`;
    const known = this.byField.get(field);
    if (known) return known;
    const base = slugOf(label) || `field_${this.names.length + 1}`;
    let name = base;
    for (let n = 2; this.names.includes(name); n++) name = `${base}_${n}`;
    this.byField.set(field, name);
    this.names.push(name);
    return name;
  }
}

type Line = { kind: WorkflowStepKind; text: string };

const byHand = (text: string): Line => ({ kind: 'confirm', text });

function stepLine(step: RecordedStep, inputs: InputNames): Line | null {
  switch (step.kind) {
    case 'navigate': {
      const url = recordedUrl(step.url);
      return url === null ? null : { kind: 'action', text: formatAction({ op: 'navigate', url }) };
    }
    case 'click': {
      const role = roleToken(step.role);
      const name = clipName(step.name);
      if (!name || !role) return byHand(`click ${quoteName(name || step.role)} by hand`);
      return { kind: 'action', text: formatAction({ op: 'click', name, role }) };
    }
    case 'click-by-hand':
      return byHand(`click ${quoteName(step.name)} by hand`);
    case 'edit': {
      const role = roleToken(step.role);
      const name = clipName(step.name);
      if (step.secret) return byHand(`enter ${quoteName(name || 'the secret field')} by hand`);
      if (!name || !role) return byHand(`fill in the unnamed ${role ?? 'field'} by hand`);
      return { kind: 'action', text: formatAction({ op: 'type', value: { input: inputs.nameFor(role, name) }, name, role }) };
    }
  }
}

/** Workflow text and its inputs for a recording; `site` must be one line (the handler checks). */
export function recordedSource(site: string, steps: readonly RecordedStep[]): { source: string; inputs: string[] } {
  const inputs = new InputNames();
  const lines: Line[] = [];
  for (const step of steps) {
    const line = stepLine(step, inputs);
    if (line !== null) lines.push(line);
  }
  const document: WorkflowDocument = { frontMatter: { site, inputs: inputs.names }, steps: lines };
  return { source: serializeWorkflow(document), inputs: inputs.names };
}
