import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { MarkdownConventions, SourceBlock } from './types';

export const DEFAULT_CONVENTIONS: MarkdownConventions = {
  bullet: '-',
  orderedDelimiter: '.',
  emphasis: '*',
  strong: '*',
  fence: '`',
  rule: '-',
  ruleRepetition: 3,
  ruleSpaces: false,
  setext: false,
  hardBreak: '\\',
};

/** Counts of each way of writing a construct; the most frequent one wins. */
class Tally<T extends string> {
  private readonly counts = new Map<T, number>();
  add(value: unknown, allowed?: readonly T[]): void {
    if (typeof value === 'string' && (!allowed || (allowed as readonly string[]).includes(value))) {
      this.counts.set(value as T, (this.counts.get(value as T) ?? 0) + 1);
    }
  }
  winner(fallback: T): T {
    let best = fallback;
    let bestCount = 0;
    for (const [value, count] of this.counts) {
      if (count > bestCount) [best, bestCount] = [value, count];
    }
    return best;
  }
}

/** The document's own habits, so that blocks the user adds look like the rest of the file. */
export function detectConventions(root: SourceBlock, source: string): MarkdownConventions {
  const bullet = new Tally<'-' | '*' | '+'>();
  const delimiter = new Tally<'.' | ')'>();
  const emphasis = new Tally<'*' | '_'>();
  const strong = new Tally<'*' | '_'>();
  const fence = new Tally<'```' | '~~~'>();
  const heading = new Tally<'setext' | 'atx'>();
  const hardBreak = new Tally<'\\' | 'spaces'>();

  root.node.descendants((node: ProseMirrorNode) => {
    const markup = node.attrs.markup;
    switch (node.type.name) {
      case 'bulletList':
      case 'taskList':
        bullet.add(markup, ['-', '*', '+']);
        break;
      case 'orderedList':
        delimiter.add(markup, ['.', ')']);
        break;
      case 'codeBlock':
        fence.add(markup, ['```', '~~~']);
        break;
      case 'heading':
        if (Number(node.attrs.level) <= 2) heading.add(markup, ['setext', 'atx']);
        break;
      case 'hardBreak':
        hardBreak.add(markup === '\\' ? '\\' : 'spaces', ['\\', 'spaces']);
        break;
    }
    for (const mark of node.marks) {
      if (mark.type.name === 'italic') emphasis.add(mark.attrs.markup, ['*', '_']);
      if (mark.type.name === 'bold') strong.add(mark.attrs.markup, ['*', '_']);
    }
  });

  return {
    bullet: bullet.winner(DEFAULT_CONVENTIONS.bullet),
    orderedDelimiter: delimiter.winner(DEFAULT_CONVENTIONS.orderedDelimiter),
    emphasis: emphasis.winner(DEFAULT_CONVENTIONS.emphasis),
    strong: strong.winner(DEFAULT_CONVENTIONS.strong),
    fence: fence.winner('```') === '~~~' ? '~' : '`',
    setext: heading.winner('atx') === 'setext',
    hardBreak: hardBreak.winner('\\') === 'spaces' ? '  ' : '\\',
    ...detectRule(root, source),
  };
}

type RuleConventions = Pick<MarkdownConventions, 'rule' | 'ruleRepetition' | 'ruleSpaces'>;

function detectRule(root: SourceBlock, source: string): RuleConventions {
  const rules = new Tally<string>();
  const visit = (block: SourceBlock) => {
    if (block.node.type.name === 'horizontalRule') {
      rules.add(source.slice(block.start, block.end).trim());
    }
    block.children?.forEach(visit);
  };
  visit(root);
  const text = rules.winner('---');
  const character = text.charAt(0);
  return {
    rule: character === '*' || character === '_' ? character : '-',
    ruleRepetition: Math.max(3, text.split(character).length - 1),
    ruleSpaces: text.includes(' '),
  };
}
