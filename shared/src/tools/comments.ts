import { z } from 'zod';
import { action, defineTool } from './defineTool';
import { tabIdArg } from './fragments';
import { MAX_BODY_CHARS } from '../lib/comments/limits';

const commentIdArg = z.string().min(1).describe('Thread id (the comment field) from comments.list');
const expectedCommentGenArg = z
  .string()
  .min(1)
  .describe('The thread\'s commentGen as comments.list returned it; a changed thread is refused with STALE_COMMENT');

const PERSONS_DECISION = 'Resolving, reopening and deleting comments is the person\'s decision.';

export const commentsTool = defineTool({
  name: 'comments',
  title: 'Review comments',
  description:
    'Read the user\'s review comments on a document and answer them. There is no resolve, reopen or delete: that is the user\'s decision. To link an edit to comments, pass their ids as the edit\'s addresses.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  refusedActions: { resolve: PERSONS_DECISION, reopen: PERSONS_DECISION, delete: PERSONS_DECISION },
  actions: {
    list: action(
      'Return {doc, generation, threads, nextCursor?}, oldest thread first; each thread has comment, state (open | addressed | resolved | reopened), commentGen, quote, detached and replies (the first is the person\'s comment). While nextCursor is present, call again with cursor (a long thread comes in parts: continued: true). STALE_COMMENT: list again without cursor.',
      z.object({
        tabId: tabIdArg.optional(),
        cursor: z.string().min(1).optional().describe('nextCursor from the previous page'),
      }),
    ),
    reply: action(
      'Add a reply to a thread; a repeated call returns the first result and never adds a second reply. Refused with STALE_COMMENT (list again), INVALID_COMMENT, COMMENT_NOT_ALLOWED (thread resolved), COMMENT_LIMIT and the journal refusals.',
      z.object({
        tabId: tabIdArg.optional(),
        commentId: commentIdArg,
        body: z.string().min(1).describe(`Reply text (at most ${MAX_BODY_CHARS} characters; longer is refused with COMMENT_LIMIT)`),
        expectedCommentGen: expectedCommentGenArg,
      }),
    ),
    mark_addressed: action(
      'Mark a thread as addressed; whether it gets resolved stays the user\'s decision. Same refusals as reply.',
      z.object({
        tabId: tabIdArg.optional(),
        commentId: commentIdArg,
        expectedCommentGen: expectedCommentGenArg,
      }),
    ),
  },
});
