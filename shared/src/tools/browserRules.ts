import type { z } from 'zod';

/** Cross-field rules of browser targeting; zod's object shape alone cannot say "exactly one of". */

interface ActArgs {
  operation: 'click' | 'type' | 'scroll' | 'key';
  ref?: string;
  role?: string;
  name?: string;
  text?: string;
  dy?: number;
  key?: string;
  modifiers?: object;
}

const ACT_FIELD_OPERATIONS = {
  role: ['click', 'type'],
  name: ['click', 'type'],
  text: ['type'],
  dy: ['scroll'],
  key: ['key'],
  modifiers: ['key'],
} as const;

function given(values: readonly unknown[]): number {
  return values.filter((value) => value !== undefined).length;
}

export function actRules(args: ActArgs, ctx: z.RefinementCtx): void {
  const { operation } = args;
  for (const [field, operations] of Object.entries(ACT_FIELD_OPERATIONS)) {
    if (args[field as keyof typeof ACT_FIELD_OPERATIONS] !== undefined && !(operations as readonly string[]).includes(operation)) {
      ctx.addIssue({ code: 'custom', path: [field], message: `only applies to operation ${operations.join(' or ')}; remove it` });
    }
  }
  if (operation === 'click' || operation === 'type') {
    const byRole = args.role !== undefined && args.name !== undefined;
    if (args.ref !== undefined && (args.role !== undefined || args.name !== undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: `${operation} takes one target: either ref or role + name, not both` });
    } else if (args.ref === undefined && !byRole) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: `${operation} needs a target: ref from browser_read.read, or role and name together (use role + name when approval may be needed)`,
      });
    }
  }
  if (operation === 'type' && args.text === undefined) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: 'is required for operation type (string; "" clears the field)' });
  }
  if (operation === 'scroll' && given([args.ref, args.dy]) !== 1) {
    ctx.addIssue({ code: 'custom', path: [], message: 'scroll takes exactly one of ref (scroll it into view) or dy (pixels)' });
  }
  if (operation === 'key' && args.key === undefined) {
    ctx.addIssue({ code: 'custom', path: ['key'], message: 'is required for operation key, e.g. "Enter", "Escape" or "Tab"' });
  }
}

interface StyleArgs {
  ref?: string;
  selector?: string;
  set?: object;
  addClasses?: string[];
  removeClasses?: string[];
  injectCss?: string;
}

export function styleRules(args: StyleArgs, ctx: z.RefinementCtx): void {
  if (given([args.ref, args.selector]) !== 1) {
    ctx.addIssue({ code: 'custom', path: [], message: 'style needs exactly one target: ref or selector' });
  }
  if (given([args.set, args.addClasses, args.removeClasses, args.injectCss]) !== 1) {
    ctx.addIssue({ code: 'custom', path: [], message: 'style needs exactly one change: set, addClasses, removeClasses or injectCss' });
  }
}

interface WaitForArgs {
  ref?: string;
  role?: string;
  name?: string;
  text?: string;
  urlContains?: string;
}

export function waitForRules(args: WaitForArgs, ctx: z.RefinementCtx): void {
  if (given([args.ref, args.role, args.text, args.urlContains]) !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: 'wait_for needs exactly one condition: ref, role (with optional name), text or urlContains',
    });
  }
  if (args.name !== undefined && args.role === undefined) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: 'only applies together with role' });
  }
  if (args.urlContains !== undefined && /[?#]/.test(args.urlContains)) {
    ctx.addIssue({
      code: 'custom',
      path: ['urlContains'],
      message: 'must not contain "?" or "#": it is compared with the URL without query string and fragment',
    });
  }
}
