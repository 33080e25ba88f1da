import { z } from 'zod';
import { renderProse, type ActionDef, type Offered, type ToolAnnotations, type ToolDef } from './defineTool';
import { TOOLS } from './index';
import { argumentErrorMap, issueToSentence } from './issueToSentence';

export type JsonSchema = Record<string, unknown>;

export interface McpInputSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required: ['action'];
  additionalProperties: false;
}

export interface McpToolListing {
  name: string;
  title: string;
  description: string;
  inputSchema: McpInputSchema;
  annotations: ToolAnnotations;
}

export type ParsedToolCall = { ok: true; action: string; args: Record<string, unknown> } | { ok: false; message: string };

/** The tool's actions in definition order, limited to the offered ones when a list is given. */
export function offeredActionNames(tool: ToolDef, offeredActions?: readonly string[]): string[] {
  const all = Object.keys(tool.actions);
  return offeredActions ? all.filter((name) => offeredActions.includes(name)) : all;
}

function actionDef(tool: ToolDef, name: string): ActionDef {
  return tool.actions[name]!;
}

export function isRequiredField(field: z.ZodType): boolean {
  return !field.safeParse(undefined).success;
}

/** JSON Schema of one argument as zod 4 derives it, without the per-document `$schema` key. */
export function fieldJsonSchema(field: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' });
  return schema;
}

interface MergedField {
  shapes: JsonSchema[];
  description?: string;
  actions: string[];
  requiredBy: string[];
}

/**
 * Which actions a field belongs to, as few tokens as stay unambiguous: nothing for a field of every
 * offered action, "all but …" when that is shorter, and "required" alone when every action that takes it needs it.
 */
function fieldScope(entry: MergedField, allActions: readonly string[]): string {
  const requiredWherever = entry.requiredBy.length > 0 && entry.requiredBy.length === entry.actions.length;
  const required = requiredWherever ? 'required' : entry.requiredBy.length > 0 ? `required for ${entry.requiredBy.join(', ')}` : '';
  if (entry.actions.length === allActions.length) return required ? `(${required})` : '';
  const missing = allActions.filter((action) => !entry.actions.includes(action));
  const scope = missing.length < entry.actions.length ? `for all but ${missing.join(', ')}` : `for ${entry.actions.join(', ')}`;
  return `(${[scope, required].filter(Boolean).join('; ')})`;
}

/**
 * The flat input schema MCP clients see: a required `action` enum plus the union of the offered
 * actions' arguments, each tagged with the actions it belongs to (the per-action rules are
 * enforced by parseToolCall).
 */
export function toMcpInputSchema(tool: ToolDef, offeredActions?: readonly string[]): McpInputSchema {
  const actions = offeredActionNames(tool, offeredActions);
  const merged = new Map<string, MergedField>();
  for (const actionName of actions) {
    for (const [fieldName, field] of Object.entries(actionDef(tool, actionName).args.shape)) {
      const { description, ...shape } = fieldJsonSchema(field as z.ZodType);
      const entry = merged.get(fieldName) ?? { shapes: [], actions: [], requiredBy: [] };
      if (!entry.shapes.some((known) => JSON.stringify(known) === JSON.stringify(shape))) entry.shapes.push(shape);
      entry.description ??= description as string | undefined;
      entry.actions.push(actionName);
      if (isRequiredField(field as z.ZodType)) entry.requiredBy.push(actionName);
      merged.set(fieldName, entry);
    }
  }
  const properties: Record<string, JsonSchema> = {
    action: { type: 'string', enum: actions },
  };
  for (const [fieldName, entry] of merged) {
    const scope = fieldScope(entry, actions);
    const shape: JsonSchema = entry.shapes.length === 1 ? entry.shapes[0]! : { anyOf: entry.shapes };
    const description = [entry.description, scope].filter(Boolean).join(' ');
    properties[fieldName] = description ? { ...shape, description } : shape;
  }
  return { type: 'object', properties, required: ['action'], additionalProperties: false };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownArgumentMessage(tool: ToolDef, actionName: string, field: string, actions: string[]): string {
  const known = Object.keys(actionDef(tool, actionName).args.shape);
  const valid = known.length > 0 ? `valid arguments: ${known.join(', ')}` : 'it takes no arguments';
  const owners = actions.filter((name) => Object.hasOwn(actionDef(tool, name).args.shape, field));
  const hint = owners.length > 0 ? `; \`${field}\` belongs to ${owners.join(', ')}` : '';
  return `${tool.name}.${actionName}: unknown argument \`${field}\`; ${valid}${hint}.`;
}

/**
 * Validates one MCP call against the tool: the action must exist and be offered, and its arguments
 * must satisfy that action's zod object exactly (unknown keys are refused). Failures are one plain
 * sentence for the agent, the seed's argument-form error.
 */
export function parseToolCall(tool: ToolDef, raw: unknown, offeredActions?: readonly string[]): ParsedToolCall {
  const actions = offeredActionNames(tool, offeredActions);
  const validList = actions.length > 0 ? actions.join(', ') : 'none are available right now';
  if (raw !== undefined && !isPlainObject(raw)) {
    return { ok: false, message: `${tool.name}: arguments must be a JSON object with an \`action\` field; valid actions: ${validList}.` };
  }
  const { action: actionName, ...args } = raw ?? {};
  if (typeof actionName !== 'string') {
    const problem = actionName === undefined ? 'is required' : 'must be a string';
    return { ok: false, message: `${tool.name}: \`action\` ${problem}; valid actions: ${validList}.` };
  }
  if (!Object.hasOwn(tool.actions, actionName)) {
    const reason = tool.refusedActions?.[actionName];
    const message = `${tool.name}: action \`${actionName}\` does not exist; valid actions: ${validList}.`;
    return { ok: false, message: reason ? `${message} ${reason}` : message };
  }
  if (!actions.includes(actionName)) {
    return { ok: false, message: `${tool.name}: action \`${actionName}\` is not offered by this server right now; offered actions: ${validList}.` };
  }
  const def = actionDef(tool, actionName);
  const unknownField = Object.keys(args).find((field) => !Object.hasOwn(def.args.shape, field));
  if (unknownField !== undefined) {
    return { ok: false, message: unknownArgumentMessage(tool, actionName, unknownField, actions) };
  }
  const parsed = def.args.safeParse(args, { error: argumentErrorMap });
  if (!parsed.success) {
    return { ok: false, message: issueToSentence(`${tool.name}.${actionName}`, parsed.error.issues[0]!) };
  }
  return { ok: true, action: actionName, args: parsed.data as Record<string, unknown> };
}

/** The `offered` check of a tool/action map, for rendering Prose. */
export function offeredIn(offered: ReadonlyMap<string, readonly string[]>): Offered {
  return (qualified) => {
    const dot = qualified.indexOf('.');
    return offered.get(qualified.slice(0, dot))?.includes(qualified.slice(dot + 1)) ?? false;
  };
}

function describeWithActions(tool: ToolDef, actions: string[], offered: Offered): string {
  const lines = actions.map((name) => `- ${name}: ${actionDef(tool, name).description}`);
  return `${renderProse(tool.description, offered)}\n\nActions:\n${lines.join('\n')}`;
}

/** tools/list entries for every tool with at least one offered action, in TOOLS order. */
export function mcpToolList(offered: ReadonlyMap<string, readonly string[]>): McpToolListing[] {
  return TOOLS.flatMap((tool: ToolDef) => {
    const actions = offeredActionNames(tool, offered.get(tool.name) ?? []);
    if (actions.length === 0) return [];
    return [
      {
        name: tool.name,
        title: renderProse(tool.title, offeredIn(offered)),
        description: describeWithActions(tool, actions, offeredIn(offered)),
        inputSchema: toMcpInputSchema(tool, actions),
        annotations: tool.annotations,
      },
    ];
  });
}
