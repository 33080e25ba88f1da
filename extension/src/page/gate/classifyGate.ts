// Gate classifier (pure, precision first): it fires on a rendered challenge widget or on at least
// two independent signals, and never on a long page that merely talks about CAPTCHAs, a $429
// price or a "Protected by Cloudflare" footer. Hints bring the user in; they never suggest a way
// around the gate.

export type GateKind = 'login' | 'consent' | 'challenge' | 'rate-limit';

export interface Gate {
  kind: GateKind;
  hint: string;
}

export interface GateSignals {
  /** Path of the page URL (no query or fragment). */
  path: string;
  host: string;
  title: string;
  /** The first few thousand characters of the rendered text. */
  text: string;
  /** Length of the whole rendered text. */
  textLength: number;
  httpStatus: number | null;
  challengeWidget: boolean;
  passwordField: boolean;
  /** Text of a fixed-position overlay covering the centre of the viewport, if any. */
  overlayText: string | null;
  passwordInOverlay: boolean;
  consentButtonInOverlay: boolean;
  consentButton: boolean;
}

export const TERSE_PAGE_CHARS = 1_500;
// A widget alone decides only on a page that is not a long article (a comment form with a
// reCAPTCHA box is not a gate).
const WIDGET_ALONE_MAX_CHARS = 5_000;

const CHALLENGE_TITLE = /just a moment|attention required|verify you are|are you a robot|checking your browser|human verification/i;
const CHALLENGE_BODY = /verify (that )?you('| a)re (a )?human|complete the security check|i'?m not a robot|press and hold|unusual traffic|automated queries|checking (if the site connection is secure|your browser)|confirm you are human/i;
const RATE_TITLE = /too many requests|rate limit/i;
const RATE_BODY = /too many requests|rate[- ]limit(ed)?/i;
const TRY_AGAIN = /try again|retry/i;
const TITLE_429 = /(?<![$€£¥\d.,])\b429\b(?![.,]?\d)/;
const CONSENT_WORDS = /before you continue|accept all|reject all|accept cookies|cookies?\b|consent|we value your privacy|privacy choices|manage (your )?(preferences|options)/i;
const CONSENT_PATH = /(^|\/)(cookie-?)?consent([./_-]|$)/i;
const LOGIN_TITLE = /\b(sign[ -]?in|log[ -]?in|login|log on|anmelden|se connecter|connexion|iniciar sesi[oó]n)\b|登录|ログイン|로그인/i;
const LOGIN_PATH = /\/(log-?in|sign-?in|sign_in|logon|auth)([./_-]|$)/i;

const HINTS: Record<GateKind, string> = {
  challenge:
    'The page shows a human-verification challenge. Ask the user to complete it in the browser themselves; do not try to solve or bypass it.',
  'rate-limit':
    'The site is rate-limiting requests. Tell the user and wait before trying again; do not work around the limit.',
  login:
    'The page asks to sign in. Ask the user to log in themselves (or to approve loading a saved session); never ask for their password.',
  consent:
    'A consent interstitial covers the page. Ask the user to make this choice in the browser; do not accept or decline on their behalf.',
};

function gate(kind: GateKind): Gate {
  return { kind, hint: HINTS[kind] };
}

function isChallenge(s: GateSignals, terse: boolean): boolean {
  const titleSays = CHALLENGE_TITLE.test(s.title);
  const bodySays = CHALLENGE_BODY.test(s.text);
  if (s.challengeWidget && (s.textLength < WIDGET_ALONE_MAX_CHARS || titleSays || bodySays)) return true;
  return titleSays && bodySays && terse;
}

function isRateLimit(s: GateSignals, terse: boolean): boolean {
  const signals = [
    RATE_TITLE.test(s.title),
    RATE_BODY.test(s.text) && TRY_AGAIN.test(s.text),
    TITLE_429.test(s.title),
    s.httpStatus === 429,
  ].filter(Boolean).length;
  return terse && signals >= 2;
}

function isLogin(s: GateSignals): boolean {
  return s.passwordField && (LOGIN_TITLE.test(s.title) || LOGIN_PATH.test(s.path) || s.passwordInOverlay);
}

function isConsent(s: GateSignals, terse: boolean): boolean {
  const consentUrl = s.host.startsWith('consent.') || CONSENT_PATH.test(s.path);
  if (consentUrl && CONSENT_WORDS.test(s.text)) return true;
  if (s.overlayText !== null && CONSENT_WORDS.test(s.overlayText) && s.consentButtonInOverlay) return true;
  return terse && CONSENT_WORDS.test(s.text) && s.consentButton;
}

export function classifyGate(signals: GateSignals): Gate | null {
  const terse = signals.textLength < TERSE_PAGE_CHARS;
  if (isChallenge(signals, terse)) return gate('challenge');
  if (isRateLimit(signals, terse)) return gate('rate-limit');
  if (isLogin(signals)) return gate('login');
  if (isConsent(signals, terse)) return gate('consent');
  return null;
}
