/** A range of DOM children, 1-based and inclusive like `:nth-child`. */
export interface ShownRange {
  readonly first: number;
  readonly last: number;
}

interface BlockSize {
  /** The block's border box height. */
  height: number;
  /** From its bottom to the next block's top: the margins between them, after collapsing. */
  below: number | undefined;
}

/** Where the laid out blocks of `runs` (merged, ascending) begin and end, as the model walks the children. */
interface Walked {
  readonly index: number;
  readonly top: number;
  readonly bottom: number;
}

/**
 * The remembered sizes of the editor's top-level blocks, so that blocks taken out of layout
 * (`display: none`, see `offscreenBlocks.ts`) still take the room they took when they were laid out.
 * Measured when they are laid out; a block never laid out counts as the mean of the last measure.
 * Keyed by element, so blocks inserted or removed before others do not shift the sizes.
 */
export class BlockHeights {
  private readonly sizes = new WeakMap<Element, BlockSize>();
  private meanHeight = 27;
  private meanBelow = 0;

  /** Records the sizes of the children in `runs` (1-based, merged, ascending), which are laid out. */
  measure(children: ArrayLike<Element>, runs: readonly ShownRange[]): void {
    let count = 0;
    let heights = 0;
    let belows = 0;
    for (const run of runs) {
      let previous: { element: Element; rect: DOMRect } | null = null;
      for (let index = run.first - 1; index < run.last; index++) {
        const element = children[index]!;
        const rect = element.getBoundingClientRect();
        if (!laidOut(rect)) {
          // the rule names positions: right after blocks were inserted or removed, one may not be laid out yet
          previous = null;
          continue;
        }
        if (previous) {
          const below = rect.top - previous.rect.bottom;
          this.sizes.set(previous.element, { height: previous.rect.height, below });
          belows += below;
        }
        const known = this.sizes.get(element);
        this.sizes.set(element, { height: rect.height, below: known?.below });
        heights += rect.height;
        count++;
        previous = { element, rect };
      }
    }
    if (count > 1) {
      this.meanHeight = heights / count;
      this.meanBelow = belows / Math.max(1, count - runs.length);
    }
  }

  /** The space from `element`'s top to the next block's top. */
  pitch(element: Element): number {
    return this.height(element) + this.below(element);
  }

  height(element: Element): number {
    return this.sizes.get(element)?.height ?? this.meanHeight;
  }

  below(element: Element): number {
    return this.sizes.get(element)?.below ?? this.meanBelow;
  }

  /**
   * The margin above the first block after the hidden children `hidden` that puts it where it was
   * while they were laid out: the space below the block before them plus every hidden block's pitch.
   */
  spacer(children: ArrayLike<Element>, hidden: ShownRange): number {
    let total = this.below(children[hidden.first - 2]!);
    for (let index = hidden.first - 1; index < hidden.last; index++) total += this.pitch(children[index]!);
    return total;
  }

  /**
   * The 1-based positions of the first and last children that intersect `[top, bottom)` (viewport
   * coordinates): the laid out ones (`runs`) where they are, the others where the sizes put them.
   * Child 1 must be laid out.
   */
  childrenBetween(children: ArrayLike<Element>, runs: readonly ShownRange[], top: number, bottom: number): ShownRange {
    let run = 0;
    let first = -1;
    let last: Walked | null = null;
    let next = 0;
    for (let index = 0; index < children.length; index++) {
      while (run < runs.length && runs[run]!.last < index + 1) run++;
      const element = children[index]!;
      const shown = run < runs.length && runs[run]!.first <= index + 1;
      const rect = shown ? element.getBoundingClientRect() : null;
      const walked: Walked = rect && laidOut(rect)
        ? { index, top: rect.top, bottom: rect.bottom }
        : { index, top: next, bottom: next + this.height(element) };
      next = walked.bottom + this.below(element);
      if (walked.top >= bottom && last) break;
      if (first < 0 && walked.bottom > top) first = index;
      last = walked;
    }
    const firstIndex = first < 0 ? (last?.index ?? 0) : first;
    return { first: firstIndex + 1, last: Math.max(firstIndex, last?.index ?? 0) + 1 };
  }
}

/** A block taken out of layout has an empty rectangle; a laid out one is never zero wide. */
const laidOut = (rect: DOMRect) => rect.width > 0;
