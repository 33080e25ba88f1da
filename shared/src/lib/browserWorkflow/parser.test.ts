import { describe, expect, it } from 'vitest';
import { parseWorkflow } from './parser';

const codes = (source: string) => parseWorkflow(source).diagnostics.map((d) => `${d.severity}:${d.code}@${d.line}:${d.column}`);

const FORM = `---
site: shop.example
inputs: [email, qty]
trigger: weekly
---
# fill the order form
1. action: navigate to https://shop.example/order
2. action: type {email} into "Email" (textbox)
- action: click "Next" (button)
3. goal: check the total is right
4. extract: content
`;

describe('parseWorkflow', () => {
  it('BRW-RUN-01 reads front matter and numbered, dashed steps with their actions', () => {
    const parsed = parseWorkflow(FORM);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.ok).toBe(true);
    expect(parsed.frontMatter).toEqual({ site: 'shop.example', inputs: ['email', 'qty'], trigger: 'weekly' });
    expect(parsed.steps.map((step) => [step.index, step.line, step.kind])).toEqual([
      [0, 7, 'action'],
      [1, 8, 'action'],
      [2, 9, 'action'],
      [3, 10, 'goal'],
      [4, 11, 'extract'],
    ]);
    expect(parsed.steps[1]?.action).toEqual({ op: 'type', value: { input: 'email' }, name: 'Email', role: 'textbox' });
    expect(parsed.steps[2]?.action).toEqual({ op: 'click', name: 'Next', role: 'button' });
    expect(parsed.steps[3]?.action).toBeUndefined();
  });

  it('accepts a BOM, CRLF and CR line ends and "a, b" inputs', () => {
    const parsed = parseWorkflow('\uFEFF---\r\nsite: s\r\ninputs: a, b-c\r---\r\naction: click "Go"\r\n');
    expect(parsed.ok).toBe(true);
    expect(parsed.frontMatter?.inputs).toEqual(['a', 'b-c']);
    expect(parsed.steps[0]?.line).toBe(5);
  });

  it('front matter errors carry a line and a stable code', () => {
    expect(codes('action: click "x"\n')).toContain('error:missing-front-matter@1:1');
    expect(codes('---\nsite: s\naction: click "x"\n')).toEqual(['error:unterminated-front-matter@1:1']);
    expect(codes('---\ninputs: [a]\n---\ngoal: g\n')).toEqual(['error:missing-site@1:1']);
    expect(codes('---\nsite:\n---\ngoal: g\n')).toEqual(['error:missing-site@2:6']);
    expect(codes('---\nsite: s\nthis is not a key\n---\ngoal: g\n')).toEqual(['error:malformed-front-matter@3:1']);
    expect(codes('---\nsite: s\nsite: t\n---\ngoal: g\n')).toEqual(['error:duplicate-key@3:1']);
    expect(codes('---\nsite: s\ninputs: [a, , b]\n---\ngoal: g\n')).toEqual(['error:malformed-inputs@3:9']);
    expect(codes('---\nsite: s\ninputs: [a, a]\n---\ngoal: g\n')).toEqual(['error:malformed-inputs@3:9']);
    expect(codes('---\nsite: s\ninputs: [9lives]\n---\ngoal: g\n')).toEqual(['error:malformed-inputs@3:9']);
  });

  it('an unknown front matter key only warns', () => {
    const parsed = parseWorkflow('---\nsite: s\nowner: me\n---\ngoal: g\n');
    expect(parsed.ok).toBe(true);
    expect(codes('---\nsite: s\nowner: me\n---\ngoal: g\n')).toEqual(['warning:unknown-key@3:1']);
  });

  it('step errors: malformed step, unknown kind, empty text, no steps', () => {
    expect(codes('---\nsite: s\n---\njust some prose\n')).toEqual(['error:malformed-step@4:1', 'error:no-steps@4:1']);
    expect(codes('---\nsite: s\n---\n1. click: "x"\n')).toEqual(['error:unknown-kind@4:4', 'error:no-steps@4:1']);
    expect(codes('---\nsite: s\n---\n- goal:   \n')).toEqual(['error:malformed-step@4:3', 'error:no-steps@4:1']);
    expect(codes('---\nsite: s\n---\n# only a comment\n')).toEqual(['error:no-steps@4:1']);
  });

  it('action sub-grammar errors point at the column of the bad part', () => {
    expect(codes('---\nsite: s\n---\naction: click ""\n')).toEqual(['error:malformed-target@4:15']);
    expect(codes('---\nsite: s\n---\naction: click "a\\q"\n')).toEqual(['error:malformed-target@4:15']);
    expect(codes('---\nsite: s\n---\naction: click "a" junk\n')).toEqual(['error:malformed-target@4:18']);
    expect(codes('---\nsite: s\n---\naction: click "a" (Button)\n')).toEqual(['error:malformed-target@4:18']);
    expect(codes('---\nsite: s\n---\naction: type "unclosed into "a"\n')).toEqual(['error:malformed-target@4:30']);
    expect(codes('---\nsite: s\n---\naction: type {1x} into "a"\n')).toEqual(['error:malformed-value@4:14']);
    expect(codes('---\nsite: s\n---\naction: navigate to https://a b\n')).toEqual(['error:malformed-url@4:21']);
  });

  it('BRW-RUN-07 prose in an action step is a warning: the run pauses there', () => {
    const parsed = parseWorkflow('---\nsite: s\n---\naction: click the blue button\n');
    expect(parsed.ok).toBe(true);
    expect(parsed.steps[0]?.action).toBeUndefined();
    expect(codes('---\nsite: s\n---\naction: click the blue button\n')).toEqual(['warning:not-executable@4:9']);
  });

  it('an undeclared {input} warns in prose and is an error where it would be typed', () => {
    expect(codes('---\nsite: s\n---\ngoal: find {order}\n')).toEqual(['warning:undeclared-input@4:12']);
    expect(codes('---\nsite: s\n---\naction: type {email} into "Email"\n')).toEqual(['error:undeclared-input@4:14']);
  });

  it('BRW-RUN-12 at most 25 steps', () => {
    const steps = (count: number) => `---\nsite: s\n---\n${Array.from({ length: count }, (_, i) => `${i + 1}. goal: g${i}`).join('\n')}\n`;
    expect(parseWorkflow(steps(25)).ok).toBe(true);
    expect(codes(steps(26))).toEqual(['error:too-many-steps@29:5']);
  });

  it('BRW-RUN-13 a source over 64 KiB is refused before parsing', () => {
    const big = `---\nsite: s\n---\ngoal: ${'x'.repeat(64 * 1024)}\n`;
    expect(codes(big)).toEqual(['error:source-too-large@1:1']);
  });
});
