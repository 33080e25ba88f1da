import type { WorkflowDocument } from './types';

/**
 * Writes a workflow as text that parseWorkflow reads back to the same document. Values must be single-line;
 * step texts are written trimmed and numbered from 1.
 */
export function serializeWorkflow(document: WorkflowDocument): string {
  const { site, inputs, trigger } = document.frontMatter;
  const lines = ['---', `site: ${site}`];
  if (inputs.length > 0) lines.push(`inputs: [${inputs.join(', ')}]`);
  if (trigger !== undefined) lines.push(`trigger: ${trigger}`);
  lines.push('---');
  document.steps.forEach((step, index) => lines.push(`${index + 1}. ${step.kind}: ${step.text.trim()}`));
  return `${lines.join('\n')}\n`;
}
