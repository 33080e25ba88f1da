import type { Decision, PromptMessage, PromptView } from '../approvals/prompts';

// The person's side of an approval. Page-provided text (title, URL) is only ever set as text.
const id = new URLSearchParams(location.search).get('prompt') ?? '';
const question = document.getElementById('question') as HTMLHeadingElement;
const origin = document.getElementById('origin') as HTMLElement;
const originLabel = document.getElementById('origin-label') as HTMLElement;
const page = document.getElementById('page') as HTMLElement;
const explain = document.getElementById('explain') as HTMLParagraphElement;
const buttons = document.getElementById('buttons') as HTMLDivElement;

const CHOICES: Record<PromptView['kind'], [Decision, string][]> = {
  attach: [['once', 'Allow once'], ['until-navigation', 'Allow until next navigation'], ['deny', 'Deny']],
  navigate: [['once', 'Allow once'], ['site', 'Allow on this site'], ['deny', 'Deny']],
  profile: [['once', 'Allow this time'], ['deny', 'Deny']],
  session: [['once', 'Allow this time'], ['deny', 'Deny']],
};

function sessionQuestion(view: PromptView): string {
  const handle = view.signin?.handle ?? '';
  if (view.signin?.verb === 'load') return `${view.clientName} wants to sign in to this site with the saved sign-in "${handle}"`;
  if (view.signin?.replaces) return `${view.clientName} wants to replace the saved sign-in "${handle}" with this site's sign-in`;
  return `${view.clientName} wants to save this site's sign-in as "${handle}"`;
}

const QUESTIONS: Record<PromptView['kind'], (view: PromptView) => string> = {
  attach: (view) => `${view.clientName} wants to read one of your tabs`,
  navigate: (view) => `${view.clientName} wants to open a new site with your cookies`,
  profile: (view) => `${view.clientName} wants to open a tab with the saved sign-ins "${view.origin}"`,
  session: sessionQuestion,
};

const EXPLANATIONS: Record<PromptView['kind'], string> = {
  attach: '"Allow once" covers a single read. "Until next navigation" lasts until this tab loads another page.',
  navigate: 'Shared profile posture: the AI tab uses your logins. "Allow on this site" lasts for this AI session.',
  profile: 'VMark keeps these cookies for the AI tabs of this profile; the AI never sees them. Every opening asks again.',
  session: 'The cookies and local storage of this site stay in your keychain and this AI tab; the AI never sees them. Every save and load asks again.',
};

function send(message: PromptMessage): Promise<unknown> {
  return chrome.runtime.sendMessage(message);
}

async function choose(decision: Decision): Promise<void> {
  for (const button of Array.from(buttons.querySelectorAll('button'))) button.disabled = true;
  await send({ type: 'vmark.prompt.decide', id, decision });
  window.close();
}

async function show(): Promise<void> {
  const view = (await send({ type: 'vmark.prompt.get', id })) as PromptView | null;
  if (!view) {
    question.textContent = 'This request is no longer pending.';
    return;
  }
  question.textContent = QUESTIONS[view.kind](view);
  originLabel.textContent = view.kind === 'profile' ? 'Sign-ins' : 'Site';
  origin.textContent = view.origin;
  page.textContent = view.kind === 'attach' ? `${view.pageTitle || '(untitled)'} — ${view.url}` : view.url;
  explain.textContent = EXPLANATIONS[view.kind];
  for (const [decision, label] of CHOICES[view.kind]) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => void choose(decision));
    buttons.append(button);
    if (decision === 'deny') button.focus();
  }
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') void choose('deny');
});
void show();
