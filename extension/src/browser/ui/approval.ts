import { ArrowDownUp, Check, Clock, Code, Eye, Globe, Keyboard, KeyRound, MousePointerClick, Paintbrush, ShieldCheck, Upload, UserRound, Video, X, type IconNode } from 'lucide';
import type { Decision, PromptMessage, PromptView } from '../approvals/prompts';
import { mayGrantOnSite, type Operation } from '../safety/operations';
import { icon, iconButton } from './icon';

// The person's side of an approval. Page-provided text (title, URL, element names) is only ever set as text.
const id = new URLSearchParams(location.search).get('prompt') ?? '';
const question = document.getElementById('question') as HTMLHeadingElement;
const origin = document.getElementById('origin') as HTMLElement;
const originLabel = document.getElementById('origin-label') as HTMLElement;
const page = document.getElementById('page') as HTMLElement;
const details = document.getElementById('details') as HTMLDListElement;
const explain = document.getElementById('explain') as HTMLParagraphElement;
const buttons = document.getElementById('buttons') as HTMLDivElement;

function choices(view: PromptView): [Decision, string][] {
  switch (view.kind) {
    case 'attach':
      return [['once', 'Allow once'], ['until-navigation', 'Allow until next navigation'], ['deny', 'Deny']];
    case 'navigate':
      return [['once', 'Allow once'], ['site', 'Allow on this site'], ['deny', 'Deny']];
    case 'profile':
      return [['once', 'Allow this time'], ['deny', 'Deny']];
    case 'operation':
      if (view.request?.operation === 'session') return [['once', 'Allow this time'], ['deny', 'Deny']];
      return view.request && mayGrantOnSite(view.request.operation)
        ? [['once', 'Allow once'], ['site', 'Allow on this site'], ['deny', 'Deny']]
        : [['once', 'Allow once'], ['deny', 'Deny']];
  }
}

const DECISION_ICONS: Record<Decision, IconNode> = { once: Check, 'until-navigation': Clock, site: ShieldCheck, deny: X };

const OPERATION_ICONS: Record<Operation, IconNode> = {
  read: Eye, attach: Eye, click: MousePointerClick, type: Keyboard, scroll: ArrowDownUp, key: Keyboard, style: Paintbrush,
  navigate: Globe, upload: Upload, eval: Code, session: KeyRound, record: Video,
};

const KIND_ICONS: Record<Exclude<PromptView['kind'], 'operation'>, IconNode> = { attach: Eye, navigate: Globe, profile: UserRound };

function questionIcon(view: PromptView): IconNode {
  if (view.kind !== 'operation') return KIND_ICONS[view.kind];
  return view.request ? OPERATION_ICONS[view.request.operation] : MousePointerClick;
}

const OPERATION_VERBS: Record<string, string> = {
  click: 'click', type: 'type into', scroll: 'scroll', key: 'press a key on', style: 'change the style of', eval: 'run a script on', record: 'record your clicks and field edits on',
};

function signinQuestion(view: PromptView): string {
  const signin = view.request?.signin;
  const handle = signin?.handle ?? '';
  if (signin?.verb === 'load') return `${view.clientName} wants to sign in to this site with the saved sign-in "${handle}"`;
  if (signin?.replaces) return `${view.clientName} wants to replace the saved sign-in "${handle}" with this site's sign-in`;
  return `${view.clientName} wants to save this site's sign-in as "${handle}"`;
}

const QUESTIONS: Record<PromptView['kind'], (view: PromptView) => string> = {
  attach: (view) => `${view.clientName} wants to read one of your tabs`,
  navigate: (view) => `${view.clientName} wants to open a new site with your cookies`,
  profile: (view) => `${view.clientName} wants to open a tab with the saved sign-ins "${view.origin}"`,
  operation: (view) => view.request?.operation === 'session' ? signinQuestion(view) : `${view.clientName} wants to ${OPERATION_VERBS[view.request?.operation ?? ''] ?? view.request?.operation} this page`,
};

const SIGNIN_EXPLANATION = 'The cookies and local storage of this site stay in your keychain and this AI tab; the AI never sees them. Every save and load asks again.';

const EXPLANATIONS: Record<PromptView['kind'], string> = {
  attach: '"Allow once" covers a single read. "Until next navigation" lasts until this tab loads another page.',
  navigate: 'Shared profile posture: the AI tab uses your logins. "Allow on this site" lasts for this AI session.',
  profile: 'VMark keeps these cookies for the AI tabs of this profile; the AI never sees them. Every opening asks again.',
  operation: '"Allow once" covers exactly this, on this page, until it changes. "Allow on this site" lets this AI session do this kind of thing on this site until you revoke it (Site permissions).',
};

function addDetail(term: string, value: string, preformatted = false): void {
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  const holder = preformatted ? document.createElement('pre') : dd;
  holder.textContent = value;
  if (preformatted) dd.append(holder);
  details.append(dt, dd);
}

function showRequest(view: PromptView): void {
  const request = view.request;
  if (!request || request.operation === 'session') return;
  addDetail('Operation', request.operation);
  addDetail('Element', request.element ? `${request.element.role} "${request.element.name}"` : 'the whole page');
  if (request.detail !== null) addDetail(request.operation === 'eval' ? 'Script' : 'Exactly', request.detail, request.operation === 'eval' || request.operation === 'style');
}

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
  question.replaceChildren(icon(questionIcon(view), 20), QUESTIONS[view.kind](view));
  originLabel.textContent = view.kind === 'profile' ? 'Sign-ins' : 'Site';
  origin.textContent = view.origin;
  page.textContent = view.kind === 'attach' || view.kind === 'operation' ? `${view.pageTitle || '(untitled)'} — ${view.url}` : view.url;
  showRequest(view);
  explain.textContent = view.request?.operation === 'session' ? SIGNIN_EXPLANATION : EXPLANATIONS[view.kind];
  for (const [decision, label] of choices(view)) {
    const button = iconButton(DECISION_ICONS[decision], label);
    button.addEventListener('click', () => void choose(decision));
    buttons.append(button);
    if (decision === 'deny') button.focus();
  }
}

// Deny is the default: Escape and Enter deny wherever the focus is; allowing takes a click.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' && event.key !== 'Enter') return;
  event.preventDefault();
  void choose('deny');
});
void show();
