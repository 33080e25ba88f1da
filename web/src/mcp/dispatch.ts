import {
  DomainErrorException,
  WINDOW_REPORT_REQUEST,
  domainFailure,
  findTool,
  ok,
  parseToolCall,
  textFailure,
  type CallOutcome,
  type CallRequest,
  unexpectedFailure,
} from '@vmark/shared';
import type { WindowServices } from './defineAction';
import { ACTION_HANDLERS } from './actions';
import { contextFor } from './needs';
import { windowReport } from './windowReport';

export interface DispatchServices extends WindowServices {
  /** The label the extension gave this window. */
  windowLabel(): string;
}

function isWindowReportRequest(request: CallRequest): boolean {
  return request.tool === WINDOW_REPORT_REQUEST.tool && request.action === WINDOW_REPORT_REQUEST.action;
}

/** One edge for every call that reaches this window: find the handler, re-check args, flush, meet its needs, run, map errors. */
export async function dispatch(services: DispatchServices, request: CallRequest): Promise<CallOutcome> {
  if (isWindowReportRequest(request)) return ok(windowReport(services.store, services.windowLabel()));
  const handler = ACTION_HANDLERS.get(`${request.tool}.${request.action}`);
  const tool = findTool(request.tool);
  if (!handler || !tool) return textFailure(`${request.tool}.${request.action} is not available in this editor version.`);
  const parsed = parseToolCall(tool, { action: request.action, ...request.args });
  if (!parsed.ok) return textFailure(parsed.message);
  services.store.flush();
  try {
    const ctx = contextFor(services, request.principal, handler.needs, parsed.args);
    if ('kind' in ctx) return ctx;
    return await handler.run(ctx, parsed.args);
  } catch (error) {
    if (error instanceof DomainErrorException) return domainFailure(error.domainError);
    console.error(`VMark: ${request.tool}.${request.action} failed`, error);
    return unexpectedFailure(`${request.tool}.${request.action}`, error);
  }
}
