import { expect, refusalOf } from './browserFixtures';
import { answerPrompt, approvalPromptFor } from './browserPerson';
import type { Ai } from './mcpClient';
import type { Stack } from './stack';

export interface OpenedTab {
  tabId: string;
  outcome: string;
}

/** The AI asks for named profile `name`, the person allows it this time, the AI repeats the same open. */
export async function openProfile(stack: Stack, ai: Ai, url: string, profile: string): Promise<OpenedTab> {
  let refusal: ReturnType<typeof refusalOf> | undefined;
  const prompt = await approvalPromptFor(stack, async () => {
    refusal = refusalOf(await ai.call('browser', { action: 'open', url, profile }));
  });
  expect(refusal).toMatchObject({ token: 'NOT_GRANTED', data: { needsApproval: true, approval: 'profile', profile, retry: { tool: 'browser', action: 'open' } } });
  await expect(prompt.getByText(`"${profile}"`)).toBeVisible();
  await answerPrompt(prompt, 'Allow this time');
  return ai.ok<OpenedTab>('browser', { action: 'open', url, profile });
}
