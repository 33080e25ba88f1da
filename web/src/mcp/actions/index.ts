import type { ActionHandler } from '../defineAction';
import { read } from './document/read';
import { transform } from './document/transform';
import { write } from './document/write';
import { get as selectionGet } from './selection/get';
import { set as selectionSet } from './selection/set';
import { saveAs } from './workspace/saveAs';
import { openWorkspace } from './workspace/openWorkspace';
import { close } from './workspace/close';
import { newTab } from './workspace/new';
import { open } from './workspace/open';
import { save } from './workspace/save';
import { switchTab } from './workspace/switchTab';
import { applyPatch } from './workflow/applyPatch';
import { validate } from './workflow/validate';
import { list as commentsList } from './comments/list';
import { markAddressed } from './comments/markAddressed';
import { reply as commentsReply } from './comments/reply';
import { status as coherenceStatus } from './coherence/status';
import { edges as coherenceEdges } from './coherence/edges';
import { claims as coherenceClaims } from './coherence/claims';
import { contexts as coherenceContexts } from './coherence/contexts';
import { resolve as coherenceResolve } from './coherenceResolve/resolve';

const handlers: ActionHandler[] = [newTab, open, openWorkspace, save, saveAs, switchTab, close, read, write, transform, selectionGet, selectionSet, applyPatch, validate, commentsList, commentsReply, markAddressed, coherenceStatus, coherenceEdges, coherenceClaims, coherenceContexts, coherenceResolve];

/** Registry "tool.action" → handler of every action this editor window answers. */
export const ACTION_HANDLERS: ReadonlyMap<string, ActionHandler> = new Map(handlers.map((h) => [`${h.tool}.${h.action}`, h]));
