/**
 * The limits of review comments (docs/comments.md explains the numbers). They are chosen together:
 * one reply of MAX_BODY_CHARS, in its smaller encoding, always fits a page of PAGE_MAX_BYTES.
 */

/** Messages in one thread, the person's opening comment included. */
export const MAX_REPLIES_PER_THREAD = 200;
/** Length of one message, in UTF-16 code units (JavaScript string length). */
export const MAX_BODY_CHARS = 10_000;
/** All message text of one thread together; past it the thread can no longer grow. */
export const MAX_THREAD_CHARS = 200_000;
/** Length of the text a comment is anchored to. */
export const MAX_QUOTE_CHARS = 2_000;
/** Length of an AI client's name as kept with its replies. */
export const MAX_CLIENT_NAME_CHARS = 100;
/** Characters of context kept on each side of the quote to find it again after edits. */
export const ANCHOR_CONTEXT_CHARS = 32;

/** comments.list fills a page up to this many UTF-8 bytes of JSON. */
export const PAGE_TARGET_BYTES = 20_000;
/**
 * A page holding a single reply with its thread header may exceed the target, never this: a header
 * with a MAX_QUOTE_CHARS quote, a reply of MAX_BODY_CHARS and a long document path stay under it,
 * and so under the bridge's 75,000-byte response cap.
 */
export const PAGE_MAX_BYTES = 60_000;

/** The version of the stored comments file this code reads and writes. */
export const COMMENT_FILE_VERSION = 1;
