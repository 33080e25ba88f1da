/** Markdown as people write it: paragraphs of five lines (a 5 MB single paragraph would measure CodeMirror's inline parser). */
export const makeDoc = (bytes: number): string => {
  const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit — 中文 ünïcödé.\n';
  const paragraph = `${line.repeat(5)}\n`;
  return paragraph.repeat(Math.ceil(bytes / Buffer.byteLength(paragraph))).slice(0, bytes);
};
