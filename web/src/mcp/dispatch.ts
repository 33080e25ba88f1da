import {
  DomainErrorException,
  domainFailure,
  findTool,
  parseToolCall,
  textFailure,
  type CallOutcome,
  type CallRequest,
  unexpectedFailure,
} from '@vmark/shared';
import type { ActionContext } from './defineAction';
import { ACTION_HANDLERS } from './actions';

/** One edge for every call that reaches this window: find the handler, re-check args, flush, run, map errors. */
export async function dispatch(base: Omit<ActionContext, 'principal'>, request: CallRequest): Promise<CallOutcome> {
  const handler = ACTION_HANDLERS.get(`${request.tool}.${request.action}`);
  const tool = findTool(request.tool);
  if (!handler || !tool) return textFailure(`${request.tool}.${request.action} is not available in this editor version.`);
  const parsed = parseToolCall(tool, { action: request.action, ...request.args });
  if (!parsed.ok) return textFailure(parsed.message);
  base.store.flush();
  try {
    return await handler.run({ ...base, principal: request.principal }, parsed.args);
  } catch (error) {
    if (error instanceof DomainErrorException) return domainFailure(error.domainError);
    console.error(`VMark: ${request.tool}.${request.action} failed`, error);
    return unexpectedFailure(`${request.tool}.${request.action}`, error);
  }
}
