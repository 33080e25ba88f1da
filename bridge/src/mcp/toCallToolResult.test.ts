import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BROWSER_TOKENS,
  ERROR_CODES,
  OFFERED_ACTIONS,
  TOOLS,
  aborted,
  approvalRequired,
  busy,
  commentLimit,
  commentNotAllowed,
  domainFailure,
  internal,
  invalidAddresses,
  invalidComment,
  invalidPatch,
  invalidPath,
  invalidTab,
  invalidText,
  journalBusy,
  journalDegraded,
  journalUnavailable,
  mcpToolList,
  noEditor,
  notWorkflow,
  ok,
  parseToolCall,
  readOnly,
  refusal,
  refusalFailure,
  reviewBacklogFull,
  stale,
  staleComment,
  staleParent,
  textFailure,
  type BrowserToken,
  type CallOutcome,
  type DomainErrorOf,
  type ErrorCode,
} from '@vmark/shared';
import { createMcpServer, type ToolCaller } from './server';
import { toCallToolResult } from './toCallToolResult';

type EnvelopeCode = { [C in ErrorCode]: (typeof ERROR_CODES)[C]['form'] extends 'envelope' ? C : never }[ErrorCode];

/** One error per envelope code, built by the shared constructors; a code added to ERROR_CODES fails to compile here. */
const ENVELOPE_EXAMPLES: { [C in EnvelopeCode]: DomainErrorOf<C> } = {
  STALE: stale('rev-AbCd1234'),
  INVALID_PATCH: invalidPatch(2, 'patches[2].kind must be one of the eight IRPatch kinds'),
  INVALID_TAB: invalidTab('tab-9'),
  INVALID_PATH: invalidPath('/etc/passwd'),
  APPROVAL_REQUIRED: approvalRequired(),
  BUSY: busy(),
  JOURNAL_BUSY: journalBusy(),
  STALE_PARENT: staleParent(),
  JOURNAL_DEGRADED: journalDegraded(),
  JOURNAL_UNAVAILABLE: journalUnavailable(),
  INVALID_TEXT: invalidText(),
  REVIEW_BACKLOG_FULL: reviewBacklogFull(),
  ABORTED: aborted('composing'),
  NOT_WORKFLOW: notWorkflow(),
  READ_ONLY: readOnly(),
  NO_EDITOR: noEditor(),
  INTERNAL: internal('boom', { applied: true, durable: false, current_revision: 'rev-Zz9Yy8Xx' }),
  STALE_COMMENT: staleComment(),
  INVALID_COMMENT: invalidComment(),
  COMMENT_NOT_ALLOWED: commentNotAllowed(),
  COMMENT_LIMIT: commentLimit(),
  INVALID_ADDRESSES: invalidAddresses(),
};

const textBlocks = (result: CallToolResult): string[] => result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));

describe('toCallToolResult: domain errors', () => {
  it('has an example for exactly the envelope codes of ERROR_CODES', () => {
    const envelopeCodes = Object.entries(ERROR_CODES)
      .filter(([, info]) => info.form === 'envelope')
      .map(([code]) => code);
    expect(Object.keys(ENVELOPE_EXAMPLES).sort()).toEqual(envelopeCodes.sort());
  });

  it.each(Object.entries(ENVELOPE_EXAMPLES))('ERR-01 %s is an isError result whose text and structuredContent are the envelope', (code, error) => {
    const result = toCallToolResult(domainFailure(error));
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: JSON.stringify(error) }], structuredContent: error });
    const envelope = JSON.parse(textBlocks(result)[0] ?? '') as Record<string, unknown>;
    expect(envelope.error).toBe(code);
    expect(typeof envelope.message).toBe('string');
  });

  it('ERR-01 STALE carries current_revision in the text and in structuredContent', () => {
    const result = toCallToolResult(domainFailure(stale('rev-AbCd1234')));
    expect(JSON.parse(textBlocks(result)[0] ?? '')).toMatchObject({ error: 'STALE', current_revision: 'rev-AbCd1234' });
    expect(result.structuredContent).toMatchObject({ error: 'STALE', current_revision: 'rev-AbCd1234' });
  });

  it('ERR-01 the envelope keeps the data a code carries (ABORTED reason, INVALID_PATCH index, INTERNAL applied)', () => {
    expect(toCallToolResult(domainFailure(aborted('edited'))).structuredContent).toMatchObject({ reason: 'edited' });
    expect(toCallToolResult(domainFailure(invalidPatch(3, 'bad'))).structuredContent).toMatchObject({ index: 3 });
    expect(toCallToolResult(domainFailure(internal('x', { applied: true }))).structuredContent).toMatchObject({ applied: true });
  });
});

describe('toCallToolResult: browser refusals', () => {
  it.each(Object.keys(BROWSER_TOKENS) as BrowserToken[])('ERR-04 %s renders as `TOKEN: message` with the token and data in structuredContent', (token) => {
    const data = { detail: { indeterminate: true } };
    const result = toCallToolResult(refusalFailure(refusal(token, 'refused for a reason', data)));
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: `${token}: refused for a reason` }]);
    expect(result.structuredContent).toEqual({ error: token, token, message: 'refused for a reason', data });
  });

  it('ERR-04 a refusal without data has no data key', () => {
    const result = toCallToolResult(refusalFailure(refusal('TAB_LIMIT', 'eight AI tabs are open')));
    expect(result.structuredContent).toEqual({ error: 'TAB_LIMIT', token: 'TAB_LIMIT', message: 'eight AI tabs are open' });
  });
});

describe('toCallToolResult: data and plain text', () => {
  it('ERR-03 ok data is its JSON text, not an error, with structuredContent for a plain object', () => {
    const data = { revision: 'rev-AbCd1234', dirty: false };
    expect(toCallToolResult(ok(data))).toEqual({ content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data });
  });

  it('ok data that is an array or a primitive has no structuredContent', () => {
    expect(toCallToolResult(ok([1, 2]))).toEqual({ content: [{ type: 'text', text: '[1,2]' }] });
    expect(toCallToolResult(ok('done'))).toEqual({ content: [{ type: 'text', text: '"done"' }] });
    expect(toCallToolResult(ok(null))).toEqual({ content: [{ type: 'text', text: 'null' }] });
  });

  it('images become image blocks after the data, and a notice comes first', () => {
    const image = { type: 'image' as const, data: 'aGVsbG8=', mimeType: 'image/png' };
    const result = toCallToolResult(ok({ width: 10 }, { images: [image], notice: 'NOTICE: downscaled' }));
    expect(result.content).toEqual([
      { type: 'text', text: 'NOTICE: downscaled' },
      { type: 'text', text: '{"width":10}' },
      { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
    ]);
    expect(result.isError).toBeUndefined();
  });

  it('ok without data gives only the images', () => {
    const image = { type: 'image' as const, data: 'aGVsbG8=', mimeType: 'image/jpeg' };
    expect(toCallToolResult(ok(undefined, { images: [image] }))).toEqual({ content: [{ ...image }] });
  });

  it('ERR-02 a text failure is one plain text block with isError and no structuredContent', () => {
    const text = 'document.write: `content` is required (string); pass the full new content.';
    expect(toCallToolResult(textFailure(text))).toEqual({ isError: true, content: [{ type: 'text', text }] });
  });
});

interface RecordedCall {
  tool: string;
  action: string;
  args: Record<string, unknown>;
  retryable: boolean;
}

/** Stands in for the host: records each call and answers with `answer`. */
class FakeCaller implements ToolCaller {
  readonly calls: RecordedCall[] = [];
  answer: CallOutcome = ok({ answered: true });

  async call(tool: string, action: string, args: Record<string, unknown>, options: { retryable: boolean }): Promise<CallOutcome> {
    this.calls.push({ tool, action, args, retryable: options.retryable });
    return this.answer;
  }
}

/** Every implemented action that a call with only `action` satisfies, with its parsed arguments. */
function callsWithoutArguments(): { tool: string; action: string; readOnly: boolean }[] {
  return TOOLS.flatMap((tool) =>
    (OFFERED_ACTIONS.get(tool.name) ?? [])
      .filter((action) => parseToolCall(tool, { action }, [action]).ok)
      .map((action) => ({ tool: tool.name, action, readOnly: tool.annotations.readOnlyHint === true })),
  );
}

/** An action the server must refuse although its tool is listed (the set shrinks as handlers land). */
describe('createMcpServer in process (InMemoryTransport)', () => {
  let caller: FakeCaller;
  let client: Client;

  beforeEach(async () => {
    caller = new FakeCaller();
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createMcpServer(caller).connect(serverTransport);
    client = new Client({ name: 'unit-test', version: '1.0.0' });
    await client.connect(clientTransport);
  });

  afterEach(async () => {
    await client.close();
  });

  const callTool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

  it('GEN-03 tools/list equals the shared listing of the implemented actions, annotations included', async () => {
    const { tools } = await client.listTools();
    expect(tools).toEqual(mcpToolList(OFFERED_ACTIONS));
    expect(tools.filter((tool) => tool.annotations?.readOnlyHint === true).map((tool) => tool.name)).toEqual(
      TOOLS.filter((tool) => tool.annotations.readOnlyHint === true && OFFERED_ACTIONS.has(tool.name)).map((tool) => tool.name),
    );
  });

  it('ERR-02 an unknown tool and a tool without implemented actions are a plain-string error', async () => {
    const unlisted = TOOLS.find((tool) => !OFFERED_ACTIONS.get(tool.name)?.length)?.name;
    for (const name of ['no_such_tool', ...(unlisted ? [unlisted] : [])]) {
      const result = await callTool(name, { action: 'status' });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textBlocks(result)).toEqual([expect.stringContaining(`Unknown tool \`${name}\``)]);
    }
    expect(caller.calls).toEqual([]);
  });

  it('ERR-02 document.read with a wrong argument type is a plain-string error naming the field', async () => {
    const result = await callTool('document', { action: 'read', tabId: 5 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textBlocks(result)).toEqual([expect.stringContaining('tabId')]);
    expect(caller.calls).toEqual([]);
  });

  it('document.read reaches the caller with the parsed arguments, without `action`', async () => {
    const result = await callTool('document', { action: 'read', tabId: 'tab-1' });
    expect(caller.calls).toEqual([{ tool: 'document', action: 'read', args: { tabId: 'tab-1' }, retryable: false }]);
    expect(result).toEqual({ content: [{ type: 'text', text: '{"answered":true}' }], structuredContent: { answered: true } });
  });

  it('GEN-03 a call is retryable exactly when its tool declares readOnlyHint', async () => {
    const samples = callsWithoutArguments();
    expect(samples.some((sample) => sample.readOnly)).toBe(true);
    expect(samples.some((sample) => !sample.readOnly)).toBe(true);
    for (const sample of samples) await callTool(sample.tool, { action: sample.action });
    expect(caller.calls.map(({ tool, action, retryable }) => ({ tool, action, readOnly: retryable }))).toEqual(samples);
  });

  it('ERR-01 session.get_state: a domain failure from the host comes back as the envelope', async () => {
    caller.answer = domainFailure(stale('rev-AbCd1234'));
    const result = await callTool('session', { action: 'get_state' });
    const envelope = { error: 'STALE', message: 'Document has changed since the last read', current_revision: 'rev-AbCd1234' };
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }], structuredContent: envelope });
  });

  it('ERR-04 a refusal from the host comes back as `TOKEN: message`', async () => {
    caller.answer = refusalFailure(refusal('NOT_GRANTED', 'needs approval', { origin: 'https://example.com' }));
    const result = await callTool('session', { action: 'get_state' });
    expect(textBlocks(result)).toEqual(['NOT_GRANTED: needs approval']);
    expect(result.structuredContent).toEqual({ error: 'NOT_GRANTED', token: 'NOT_GRANTED', message: 'needs approval', data: { origin: 'https://example.com' } });
  });
});
