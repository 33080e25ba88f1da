import { partitionPoint } from './partitionPoint';

/**
 * CodeMirror counts a line break as one position whatever its separator, so in a CRLF document its
 * positions and the offsets into the markdown string differ by one per line break before them.
 */
export class LineBreakOffsets {
  private readonly breaks: number[] = [];
  private readonly extra: number;

  constructor(text: string, separator: string) {
    this.extra = separator.length - 1;
    if (this.extra === 0) return;
    for (let at = text.indexOf(separator); at >= 0; at = text.indexOf(separator, at + separator.length)) this.breaks.push(at);
  }

  /** Editor position of a string offset. */
  toEditor(offset: number): number {
    return this.extra === 0 ? offset : offset - this.extra * this.countBefore((b) => b < offset);
  }

  /** String offset of an editor position. */
  toText(position: number): number {
    return this.extra === 0 ? position : position + this.extra * this.countBefore((b, i) => b - this.extra * i < position);
  }

  /** Breaks are sorted, so the ones that qualify come first: binary search for the first that does not. */
  private countBefore(qualifies: (breakOffset: number, index: number) => boolean): number {
    return partitionPoint(this.breaks.length, (index) => qualifies(this.breaks[index] as number, index));
  }
}
