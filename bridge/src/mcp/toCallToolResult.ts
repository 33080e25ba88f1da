import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ERROR_CODES, type CallOutcome } from '@vmark/shared';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * THE edge that knows the seed's four result forms:
 * data → JSON text (+ structuredContent when it is an object); domain error → JSON envelope as text and
 * structuredContent; browser refusal → `TOKEN: message` with the token and data in structuredContent;
 * argument or transport problem → one plain sentence.
 */
export function toCallToolResult(outcome: CallOutcome): CallToolResult {
  switch (outcome.kind) {
    case 'ok': {
      const content: CallToolResult['content'] = [];
      if (outcome.notice) content.push({ type: 'text', text: outcome.notice });
      if (outcome.data !== undefined) content.push({ type: 'text', text: JSON.stringify(outcome.data) });
      for (const image of outcome.images ?? []) content.push({ type: 'image', data: image.data, mimeType: image.mimeType });
      return isPlainObject(outcome.data) ? { content, structuredContent: outcome.data } : { content };
    }
    case 'domain':
      // WRITE_BUSY and TIMEOUT are plain strings in the seed, not envelopes
      if (ERROR_CODES[outcome.error.error as keyof typeof ERROR_CODES]?.form === 'string') {
        return { isError: true, content: [{ type: 'text', text: `${outcome.error.error}: ${outcome.error.message}` }] };
      }
      return {
        isError: true,
        content: [{ type: 'text', text: JSON.stringify(outcome.error) }],
        structuredContent: { ...outcome.error },
      };
    case 'refusal': {
      const { token, message, data } = outcome.refusal;
      return {
        isError: true,
        content: [{ type: 'text', text: `${token}: ${message}` }],
        structuredContent: { error: token, token, message, ...(data ? { data } : {}) },
      };
    }
    case 'text':
      return { isError: true, content: [{ type: 'text', text: outcome.text }] };
  }
}
