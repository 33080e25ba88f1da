import { expect } from '@playwright/test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { stackTest } from './fixtures';
import { sharedStackTest } from './sharedStack';
import type { StackOptions } from './stack';
import { textOf } from './mcpClient';
import { startSite, type Site } from './site';

export { expect, textOf };

/** A fixture site of the test's own, closed after it. */
async function siteFixture({}, use: (site: Site) => Promise<void>): Promise<void> {
  const site = await startSite();
  await use(site);
  await site.close();
}

/** Browser-tool tests: a stack (by default one whose AI tabs may reach the loopback fixture site) and the fixture site. */
export function siteTest(options: StackOptions = { allowLoopback: true }) {
  return stackTest(options).extend<{ site: Site }>({ site: siteFixture });
}

export const test = siteTest();

/** `siteTest` on one stack shared by the enclosing `describe` (see `sharedStackTest`): each test has its own AI and fixture site. */
export function sharedSiteTest(options: StackOptions = { allowLoopback: true }) {
  return sharedStackTest(options).extend<{ site: Site }>({ site: siteFixture });
}

/** The structuredContent of a browser refusal: {error, token, message, data}. */
export function refusalOf(result: CallToolResult): { token: string; message: string; data?: Record<string, unknown> } {
  expect(result.isError, textOf(result)).toBe(true);
  const structured = result.structuredContent as { token: string; message: string; data?: Record<string, unknown> } | undefined;
  expect(structured?.token, textOf(result)).toBeTruthy();
  expect(textOf(result)).toBe(`${structured?.token}: ${structured?.message}`);
  return structured!;
}
