import type { ToolDef } from './defineTool';
import { browserTool } from './browser';
import { browserReadTool } from './browserRead';
import { coherenceTool } from './coherence';
import { coherenceResolveTool } from './coherenceResolve';
import { commentsTool } from './comments';
import { documentTool } from './document';
import { selectionTool } from './selection';
import { sessionTool } from './session';
import { workflowTool } from './workflow';
import { workspaceTool } from './workspace';

/** The ten tools of the seed, in the seed's order. */
export const TOOLS = [
  sessionTool,
  workspaceTool,
  documentTool,
  workflowTool,
  selectionTool,
  commentsTool,
  browserTool,
  browserReadTool,
  coherenceTool,
  coherenceResolveTool,
] as const satisfies readonly ToolDef[];

export function findTool(name: string): ToolDef | undefined {
  return TOOLS.find((tool) => tool.name === name);
}

export {
  browserReadTool,
  browserTool,
  coherenceResolveTool,
  coherenceTool,
  commentsTool,
  documentTool,
  selectionTool,
  sessionTool,
  workflowTool,
  workspaceTool,
};
