import { test } from 'vitest';
import { serializeMarkdownWithReport } from './serialize';
import { allBlocks, appendText, blocksInside, parsedFixture } from './testing/markdownFixtures';
test('debug', () => {
  const parsed = parsedFixture(process.env.FX!);
  const which = process.env.WHICH!;
  const block = which === 'row' ? allBlocks(parsed.root).find((b) => b.node.type.name === 'tableRow')! : blocksInside(parsed.root, 'paragraph', ['listItem', 'taskItem'])[1]!;
  const target = which === 'row' ? { node: block.node.firstChild!.firstChild!, start: 0, end: 0 } : block;
  const out = serializeMarkdownWithReport(appendText(parsed, target, ' edited'), parsed).markdown;
  const source = parsed.source;
  let i = 0; while (i < out.length && out[i] === source[i]) i++;
  let j = 0; while (j < out.length - i && out[out.length - 1 - j] === source[source.length - 1 - j]) j++;
  console.log('block', block.start, block.end, 'diff', i, source.length - j);
  console.log('ORIG>>' + JSON.stringify(source.slice(Math.max(0, i - 150), source.length - j + 50)));
  console.log('OUT >>' + JSON.stringify(out.slice(Math.max(0, i - 150), out.length - j + 50)));
});
