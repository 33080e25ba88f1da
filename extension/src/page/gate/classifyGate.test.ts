import { describe, expect, it } from 'vitest';
import { classifyGate, type GateSignals } from './classifyGate';

const LONG_TEXT = 'An ordinary article paragraph about gardening. '.repeat(200);

function signals(overrides: Partial<GateSignals>): GateSignals {
  return {
    path: '/article', host: 'example.com', title: 'An article', text: LONG_TEXT.slice(0, 4000), textLength: LONG_TEXT.length,
    httpStatus: 200, challengeWidget: false, passwordField: false, overlayText: null, passwordInOverlay: false,
    consentButtonInOverlay: false, consentButton: false, ...overrides,
  };
}

describe('classifyGate', () => {
  it('leaves an ordinary page alone', () => {
    expect(classifyGate(signals({}))).toBeNull();
  });

  it('classifies a rendered challenge widget on a short page, but not a comment-form CAPTCHA in a long article', () => {
    expect(classifyGate(signals({ challengeWidget: true, text: 'Checking', textLength: 200 }))?.kind).toBe('challenge');
    expect(classifyGate(signals({ challengeWidget: true }))).toBeNull();
  });

  it('needs challenge wording in title and body on a terse page', () => {
    const terse = { text: 'Verify you are human by completing the action below.', textLength: 60 };
    expect(classifyGate(signals({ ...terse, title: 'Just a moment...' }))?.kind).toBe('challenge');
    expect(classifyGate(signals({ ...terse }))).toBeNull();
    expect(classifyGate(signals({ title: 'Just a moment: why sites ask you to verify you are human', text: `Verify you are human. ${LONG_TEXT}` }))).toBeNull();
  });

  it('needs two rate-limit signals on a terse page, and a $429 price is not one', () => {
    const body = { text: 'Too many requests. Please try again later.', textLength: 45 };
    expect(classifyGate(signals({ ...body, title: '429 Too Many Requests' }))?.kind).toBe('rate-limit');
    expect(classifyGate(signals({ ...body, title: 'Error', httpStatus: 429 }))?.kind).toBe('rate-limit');
    expect(classifyGate(signals({ ...body, title: 'Laptop deal: $429' }))).toBeNull();
    expect(classifyGate(signals({ title: '429 Too Many Requests', text: 'Too many requests, try again', textLength: 5000 }))).toBeNull();
  });

  it('needs a visible password field plus a login title, path or blocking overlay', () => {
    expect(classifyGate(signals({ passwordField: true, title: 'Sign in – Example' }))?.kind).toBe('login');
    expect(classifyGate(signals({ passwordField: true, path: '/users/login' }))?.kind).toBe('login');
    expect(classifyGate(signals({ passwordField: true, passwordInOverlay: true, overlayText: 'Log in to continue' }))?.kind).toBe('login');
    expect(classifyGate(signals({ passwordField: true }))).toBeNull();
    expect(classifyGate(signals({ title: 'How to log in safely' }))).toBeNull();
  });

  it('recognises consent interstitials by URL or blocking overlay, not a banner on a long page', () => {
    expect(classifyGate(signals({ host: 'consent.example.com', text: 'Before you continue. Accept all', textLength: 300 }))?.kind).toBe('consent');
    expect(classifyGate(signals({ overlayText: 'We value your privacy. We use cookies.', consentButtonInOverlay: true }))?.kind).toBe('consent');
    expect(classifyGate(signals({ text: `We use cookies. ${LONG_TEXT}`, consentButton: true }))).toBeNull();
    expect(classifyGate(signals({ text: `${LONG_TEXT} Protected by Cloudflare` }))).toBeNull();
  });

  it('always asks to involve the user', () => {
    const gate = classifyGate(signals({ challengeWidget: true, textLength: 10 }));
    expect(gate?.hint).toMatch(/user/);
    expect(gate?.hint).toMatch(/do not try to solve or bypass/);
  });
});
