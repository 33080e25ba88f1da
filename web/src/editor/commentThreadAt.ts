/** The attribute both editors put on a comment's highlight: the thread's id. */
export const COMMENT_ID_ATTRIBUTE = 'data-comment-id';

/** The thread whose highlight holds the clicked element, if any. */
export function commentThreadAt(target: EventTarget | null): string | null {
  return (target as HTMLElement | null)?.closest?.(`[${COMMENT_ID_ATTRIBUTE}]`)?.getAttribute(COMMENT_ID_ATTRIBUTE) ?? null;
}
