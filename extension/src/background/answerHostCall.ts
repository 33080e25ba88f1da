import { unexpectedFailure, type CallOutcome, type CallRequest } from '@vmark/shared';
import type { EditorPorts } from './editorPorts';
import { routeCall } from './router';

/** The worker's answer to one call from the host: always one outcome, an unexpected error included. */
export async function answerHostCall(ports: EditorPorts, request: CallRequest): Promise<CallOutcome> {
  try {
    await ports.whenJoined();
    return await routeCall(ports, request);
  } catch (error) {
    console.error(`VMark: routing ${request.tool}.${request.action} failed`, error);
    return unexpectedFailure(`${request.tool}.${request.action}`, error);
  }
}
