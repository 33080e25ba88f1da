// Collects the gate classifier's signals from the live page in one pass.

import type { GateSignals } from './classifyGate';
import { isTag } from '../dom/realm';

const TEXT_SAMPLE_CHARS = 4_000;
const OVERLAY_TEXT_CHARS = 2_000;
const MIN_WIDGET_SIDE_PX = 40;
const MIN_OVERLAY_VIEWPORT_SHARE = 0.1;
const MAX_BUTTONS_CHECKED = 300;

const CHALLENGE_WIDGETS = [
  'iframe[src*="challenges.cloudflare.com"]', 'iframe[src*="/recaptcha/"]', 'iframe[src*="recaptcha.net"]',
  'iframe[src*="hcaptcha.com"]', 'iframe[src*="arkoselabs.com"]', 'iframe[src*="funcaptcha.com"]',
  'iframe[src*="captcha-delivery.com"]', 'iframe[title*="challenge" i]', '.cf-turnstile', '.g-recaptcha',
  '.h-captcha', '#challenge-form', '#challenge-stage', '#cf-challenge-running',
].join(', ');
const BUTTONS = 'button, a[href], input[type=submit], input[type=button], [role=button]';
const CONSENT_BUTTON_TEXT = /^(accept|agree|i agree|allow|reject|decline|consent)( all)?( cookies)?\b/i;

/** querySelectorAll that also searches open shadow roots. */
function queryAllDeep(root: Document | ShadowRoot, selector: string): Element[] {
  const found = Array.from(root.querySelectorAll(selector));
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (element.shadowRoot) found.push(...queryAllDeep(element.shadowRoot, selector));
  }
  return found;
}

function isRendered(element: Element, minSide = 1): boolean {
  const box = element.getBoundingClientRect();
  if (box.width < minSide || box.height < minSide) return false;
  return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
}

// Invisible reCAPTCHA shows only a badge; it is not a challenge the user has to pass.
function isInvisibleCaptcha(element: Element): boolean {
  const src = element.getAttribute('src') ?? '';
  return src.includes('size=invisible') || element.getAttribute('data-size') === 'invisible' || element.closest('.grecaptcha-badge') !== null;
}

function hasChallengeWidget(): boolean {
  return queryAllDeep(document, CHALLENGE_WIDGETS).some(
    (element) => !isInvisibleCaptcha(element) && isRendered(element, MIN_WIDGET_SIDE_PX),
  );
}

/** The outermost fixed-position element under the viewport centre, if it is big enough to block. */
function blockingOverlay(): Element | null {
  let element = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  let overlay: Element | null = null;
  for (; element && element !== document.body && element !== document.documentElement; element = element.parentElement) {
    if (getComputedStyle(element).position === 'fixed') overlay = element;
  }
  if (!overlay) return null;
  const box = overlay.getBoundingClientRect();
  const share = (box.width * box.height) / Math.max(1, window.innerWidth * window.innerHeight);
  return share >= MIN_OVERLAY_VIEWPORT_SHARE ? overlay : null;
}

function hasConsentButton(root: ParentNode): boolean {
  const buttons = Array.from(root.querySelectorAll(BUTTONS)).slice(0, MAX_BUTTONS_CHECKED);
  return buttons.some((button) => {
    const label = (isTag(button, 'input') ? button.value : button.textContent ?? '').trim();
    return label.length <= 40 && CONSENT_BUTTON_TEXT.test(label) && isRendered(button);
  });
}

function httpStatus(): number | null {
  const entry = performance.getEntriesByType('navigation')[0] as (PerformanceNavigationTiming & { responseStatus?: number }) | undefined;
  return typeof entry?.responseStatus === 'number' && entry.responseStatus > 0 ? entry.responseStatus : null;
}

export function collectGateSignals(): GateSignals {
  const text = document.body?.innerText ?? '';
  const passwordFields = queryAllDeep(document, 'input[type=password]').filter((field) => isRendered(field));
  const overlay = blockingOverlay();
  return {
    path: location.pathname,
    host: location.hostname,
    title: document.title,
    text: text.slice(0, TEXT_SAMPLE_CHARS),
    textLength: text.trim().length,
    httpStatus: httpStatus(),
    challengeWidget: hasChallengeWidget(),
    passwordField: passwordFields.length > 0,
    overlayText: overlay ? (overlay as HTMLElement).innerText?.slice(0, OVERLAY_TEXT_CHARS) ?? '' : null,
    passwordInOverlay: overlay !== null && passwordFields.some((field) => overlay.contains(field)),
    consentButtonInOverlay: overlay !== null && hasConsentButton(overlay),
    consentButton: hasConsentButton(document),
  };
}
