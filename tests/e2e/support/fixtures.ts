import { test as base, expect } from '@playwright/test';
import { connectAi, type Ai } from './mcpClient';
import { startStack, type Stack, type StackOptions } from './stack';

export { expect };

/** `stack` is the product in a browser, started with `options`; `ai` is an MCP SDK client connected to it through `vmark mcp`. */
export function stackTest(options: StackOptions = {}) {
  return base.extend<{ stack: Stack; ai: Ai }>({
    stack: async ({}, use) => {
      const stack = await startStack(options);
      await use(stack);
      await stack.close();
    },
    ai: async ({ stack }, use) => {
      const ai = await connectAi(stack.env);
      await use(ai);
      await ai.close();
    },
  });
}

export const test = stackTest();
