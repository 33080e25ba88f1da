import { z } from 'zod';

/** MCP tool annotations, as the MCP spec names them. */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One action of a composite tool: its description and the zod object of its arguments (without `action`). */
export interface ActionDef<S extends z.ZodObject = z.ZodObject> {
  description: string;
  args: S;
}

/** Whether `tool.action` is offered by the server that describes the tool (e.g. `offered('browser.act')`). */
export type Offered = (qualifiedAction: string) => boolean;

/**
 * Text that may mention other actions: as a function it is written for the offered set, so a title or
 * description never names an action the server does not serve, and names it once it is offered.
 */
export type Prose = string | ((offered: Offered) => string);

export function renderProse(prose: Prose, offered: Offered): string {
  return typeof prose === 'string' ? prose : prose(offered);
}

export interface ToolDef<A extends Record<string, ActionDef> = Record<string, ActionDef>, N extends string = string> {
  /** Wire name, exactly as the seed (`browser_read`). */
  name: N;
  title: Prose;
  description: Prose;
  annotations: ToolAnnotations;
  actions: A;
  /** Action names an agent may guess that the tool deliberately lacks, with the reason to tell it. */
  refusedActions?: Record<string, string>;
}

/** Exists only for type inference, like Playwright's defineTool. */
export function defineTool<const N extends string, const A extends Record<string, ActionDef>>(def: ToolDef<A, N>): ToolDef<A, N> {
  return def;
}

export function action<S extends z.ZodObject>(description: string, args: S): ActionDef<S> {
  return { description, args };
}

export type ActionNames<T extends ToolDef> = keyof T['actions'] & string;
export type ActionArgs<T extends ToolDef, K extends ActionNames<T>> = z.infer<T['actions'][K]['args']>;

/** The words of a list that are present (drops `false`), for Prose that names actions only when offered. */
export function present(words: (string | false)[]): string[] {
  return words.filter((word): word is string => word !== false);
}
