import type { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  int: 'integer',
  record: 'object',
  undefined: 'absent',
};

function typeName(expected: string): string {
  return TYPE_NAMES[expected] ?? expected;
}

function withArticle(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function typeOfInput(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'number' && !Number.isInteger(input)) return 'a fraction';
  return withArticle(typeof input);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function sizeProblem(issue: { origin: string; inclusive?: boolean }, bound: number | bigint, side: 'least' | 'most'): string {
  if (issue.origin === 'string') {
    if (side === 'least' && bound === 1) return 'must not be empty';
    return `must be at ${side} ${bound} characters long`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') return `must have at ${side} ${bound} items`;
  if (issue.inclusive === false) return `must be ${side === 'least' ? 'greater' : 'less'} than ${bound}`;
  return `must be at ${side} ${bound}`;
}

/**
 * Per-parse zod error map that phrases each problem as the tail of a sentence about one field
 * ("is required (string: …); add it and call again"). Messages written into a schema (`.min(1, '…')`) win over it.
 */
export const argumentErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = typeName(issue.expected);
      if (issue.input === undefined) {
        const description = issue.inst && 'description' in issue.inst ? (issue.inst.description as string | undefined) : undefined;
        const what = description ? `${expected}: ${lowerFirst(description)}` : expected;
        return `is required (${what}); add it and call again`;
      }
      return `must be ${withArticle(expected)}, not ${typeOfInput(issue.input)}`;
    }
    case 'too_small':
      return sizeProblem(issue, issue.minimum, 'least');
    case 'too_big':
      return sizeProblem(issue, issue.maximum, 'most');
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue ? `must match ${String(issue.pattern)}` : `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `has unknown keys ${issue.keys.map((key) => `\`${key}\``).join(', ')}; remove them`;
    default:
      return undefined;
  }
};

/** `patches[0].jobId`, `modifiers.ctrl`: the path as an agent would write it. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join('');
}

/**
 * One sentence for one zod issue, prefixed with where it happened (`document.write`). Object-level
 * refinements carry full sentences, so only field issues get the field name in front.
 */
export function issueToSentence(where: string, issue: z.core.$ZodIssue): string {
  const message = issue.message.replace(/[.\s]+$/, '');
  const field = formatPath(issue.path);
  const body = field === '' || message.startsWith(`${field} `) ? message : `\`${field}\` ${message}`;
  return `${where}: ${body}.`;
}
