/** Thread ids: `cmt-` and 12 base62 characters; reply ids: `rpl-` and 12. */
export const COMMENT_ID_PATTERN = /^cmt-[0-9A-Za-z]{12}$/;
export const REPLY_ID_PATTERN = /^rpl-[0-9A-Za-z]{12}$/;

export const isCommentId = (id: string): boolean => COMMENT_ID_PATTERN.test(id);
export const isReplyId = (id: string): boolean => REPLY_ID_PATTERN.test(id);
