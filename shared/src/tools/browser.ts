import { z } from 'zod';
import { action, defineTool, present } from './defineTool';
import {
  MAX_SIGNIN_HANDLE_CHARS,
  MAX_SCRIPT_BYTES,
  MAX_WORKFLOW_SOURCE_BYTES,
  accessibleNameArg,
  browserTabIdArg,
  refArg,
  roleArg,
  runIdArg,
  timeoutMsArg,
  utf8ByteLength,
} from './fragments';
import { actRules, styleRules } from './browserRules';

const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
const NAME_PATTERN_MESSAGE = 'may contain only letters, digits, ".", "_" and "-" ([A-Za-z0-9._-])';

const urlArg = z.string().min(1).describe('Absolute http(s) URL; private, loopback and malformed URLs are refused');

const handleArg = z
  .string()
  .min(1, `must be 1–${MAX_SIGNIN_HANDLE_CHARS} characters`)
  .max(MAX_SIGNIN_HANDLE_CHARS, `must be 1–${MAX_SIGNIN_HANDLE_CHARS} characters`)
  .regex(NAME_PATTERN, NAME_PATTERN_MESSAGE)
  .describe('Name of the stored sign-in');

const consoleEntries = 'Returns {entries: [{level, text}], url}';

export const browserTool = defineTool({
  name: 'browser',
  title: (offered) => `Browser: ${present([offered('browser.act') && 'act', 'navigate', offered('browser.workflow_run') && 'run']).join(', ')}`,
  description: (offered) => {
    const act = offered('browser.act');
    const js = offered('browser.execute_js');
    const changes = present(['a page', 'a tab', offered('browser.session_save') && 'a stored login']);
    const tokens = present(['BROWSER_DISABLED', 'NOT_GRANTED', act && 'STALE_COMMAND', js && 'EVAL_TIMEOUT', 'TAB_LIMIT', '…']);
    return [
      `The mutating half of the browser: everything that changes ${changes.slice(0, -1).join(', ')} or ${changes.at(-1)}.`,
      act ? 'Read first with browser_read; targets refer to what a read returned.' : 'Read with browser_read.',
      `Refusals arrive as "TOKEN: message" with the token in structuredContent (${tokens.join(', ')}): match the token, not the text.`,
      js ? 'EVAL_TIMEOUT is indeterminate: read the page before acting again.' : '',
    ]
      .filter(Boolean)
      .join(' ');
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  actions: {
    act: action(
      'Click, type, scroll or press a key, and verify the effect. click/type need one target: ref (only for an already granted operation) or role + name (shows a readable approval prompt); type also needs text. scroll takes ref or dy; key takes key, optional ref and modifiers. Returns {matchedTotal, matchedVisible, url, generation, input: synthetic|trusted, popup?, defaultAction?}; a refusal names its reason (ambiguous lists candidates); a ref whose element changed: STALE_COMMAND.',
      z
        .object({
          tabId: browserTabIdArg.optional(),
          operation: z.enum(['click', 'type', 'scroll', 'key']).describe('What to do'),
          ref: refArg.optional(),
          role: roleArg.optional(),
          name: accessibleNameArg.optional(),
          text: z.string().optional().describe('Text to type (type only); "" clears the field'),
          dy: z.number().optional().describe('Vertical scroll delta in pixels (scroll only)'),
          key: z.string().min(1).optional().describe('Key to press, e.g. "Enter", "Escape", "Tab" (key only)'),
          modifiers: z
            .strictObject({
              ctrl: z.boolean().optional(),
              shift: z.boolean().optional(),
              alt: z.boolean().optional(),
              meta: z.boolean().optional(),
            })
            .optional()
            .describe('Modifier keys held while pressing key (key only)'),
        })
        .superRefine(actRules),
    ),
    workflow_run: action(
      'Start a workflow (at most 25 steps, 120 s of running time) on an AI-owned tab; returns {runId, steps, firstStep} at once. Each click/type/navigate/extract step needs its own approval; goal/confirm/api and free-text steps pause the run. Poll browser_read.workflow_status.',
      z.object({
        tabId: browserTabIdArg.optional(),
        source: z
          .string()
          .min(1)
          .refine((source) => utf8ByteLength(source) <= MAX_WORKFLOW_SOURCE_BYTES, {
            message: `must be at most ${MAX_WORKFLOW_SOURCE_BYTES / 1024} KiB (UTF-8)`,
          })
          .describe('Workflow text (front matter plus one step per line), at most 64 KiB UTF-8'),
        inputs: z
          .record(z.string(), z.string())
          .optional()
          .describe('{name: value} for every declared input; undeclared names are refused'),
        allowRepeat: z.boolean().optional().describe('Repeat write steps that already succeeded with the same source and inputs'),
        resumeRunId: z.string().min(1).optional().describe('Paused run to resume: its completed steps and the paused step count as done'),
      }),
    ),
    workflow_cancel: action(
      'Stop a run (never needs approval): withdraws its prompts and hands the tab back. A finished run reports already-terminal.',
      z.object({ tabId: browserTabIdArg.optional(), runId: runIdArg }),
    ),
    workflow_record: action(
      'Record the user\'s clicks and field edits on an AI-owned tab as workflow text (never typed values). start needs the user\'s consent every time; stop returns {source, inputs, eventCount}.',
      z.object({
        tabId: browserTabIdArg.optional(),
        recordOp: z.enum(['start', 'stop']).describe('"start" or "stop"'),
        site: z.string().min(1).optional().describe('Site id for the recorded front matter (default "recording")'),
      }),
    ),
    open: action(
      'Open an AI-owned tab (at most 8, else TAB_LIMIT), bring it to the front and wait for the load. Returns {tabId, navigationId, url, title, generation, gate?}. Sandbox tabs get a cookie store of their own (session.get_state cookieStore).',
      z.object({
        url: urlArg,
        timeoutMs: timeoutMsArg.optional(),
        profile: z
          .string()
          .regex(NAME_PATTERN, NAME_PATTERN_MESSAGE)
          .optional()
          .describe('Named persistent login context (Sandbox; cookies never shown to you); every open needs approval (NOT_GRANTED: retry the same open)'),
      }),
    ),
    navigate: action(
      'Navigate an AI-owned tab, bring it to the front and return the navigation ticket result (gate? included). TIMEOUT still carries the ticket: browser_read.wait can fetch the outcome.',
      z.object({ tabId: browserTabIdArg.optional(), url: urlArg, timeoutMs: timeoutMsArg.optional() }),
    ),
    close: action(
      'Close an AI-owned tab (never needs approval). Returns {tabId, closed: true, destroyed: true}; TAB_TEARDOWN_FAILED means the entry is gone but a view may remain: do not retry, tell the user.',
      z.object({ tabId: browserTabIdArg.describe('AI-owned browser tab to close') }),
    ),
    style: action(
      'Change a target\'s style (approval required, operation style), e.g. hide a blocking overlay. Needs one target (ref or selector) and one change (set, addClasses, removeClasses or injectCss).',
      z
        .object({
          tabId: browserTabIdArg.optional(),
          ref: refArg.optional(),
          selector: z.string().min(1).optional().describe('CSS selector of the target'),
          set: z.record(z.string(), z.string()).optional().describe('{cssProperty: value} to set inline'),
          addClasses: z.array(z.string().min(1)).min(1).optional().describe('Class names to add'),
          removeClasses: z.array(z.string().min(1)).min(1).optional().describe('Class names to remove'),
          injectCss: z.string().min(1).optional().describe('CSS text to inject into the page'),
        })
        .superRefine(styleRules),
    ),
    execute_js: action(
      'Run an async function body in the isolated world (shares the DOM, not page globals); approved per call with the script shown. Returns {result} (undefined becomes null); a throw fails naming the error. Prefer browser_read.query or style.',
      z.object({
        tabId: browserTabIdArg.optional(),
        script: z
          .string()
          .min(1)
          .refine((script) => utf8ByteLength(script) <= MAX_SCRIPT_BYTES, { message: `must be at most ${MAX_SCRIPT_BYTES / 1024} KiB (UTF-8)` })
          .describe('Body of an async function that returns a JSON-serializable value (at most 64 KiB)'),
      }),
    ),
    session_save: action(
      'Save the tab\'s cookies and localStorage (its origin only) to an OS keychain entry named handle; approved per call. Returns counts, never values.',
      z.object({ tabId: browserTabIdArg.optional(), handle: handleArg }),
    ),
    session_load: action(
      'Restore a saved session onto a page of the same origin; approved per call, for this handle only. Returns {loaded: true, handle}.',
      z.object({ tabId: browserTabIdArg.optional(), handle: handleArg }),
    ),
    console_clear: action(
      `${consoleEntries} like browser_read.console, then empty the buffer.`,
      z.object({ tabId: browserTabIdArg.optional() }),
    ),
  },
});
