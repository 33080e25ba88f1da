/**
 * Trusted input: act's click, text, key and scroll through chrome.debugger (CDP Input.*), so the page
 * sees events with isTrusted true, real default actions and user activation. The page has checked and
 * hit-tested the target first (page/act/trusted.ts); the point is in CSS pixels of the main frame's
 * viewport (a target inside a same-origin frame: offset by the frames), which is what
 * Input.dispatchMouseEvent takes. A scroll is a mouse wheel at a point the page chose.
 */
import type { TrustedPlan } from '../../page/act/trusted';

type Debuggee = chrome.debugger.Debuggee;
type Modifiers = { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean };

export interface AttachedDebugger {
  perform(plan: TrustedPlan, press?: { key: string; modifiers?: Modifiers }): Promise<void>;
  detach(): Promise<void>;
}

function send(target: Debuggee, method: string, params?: object): Promise<unknown> {
  return chrome.debugger.sendCommand(target, method, params);
}

// Keys with a Windows virtual key code and the text they type (Enter types "\r": that is what submits).
const NAMED_KEYS: Record<string, { code: string; keyCode: number; text?: string }> = {
  Enter: { code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { code: 'Tab', keyCode: 9 },
  Escape: { code: 'Escape', keyCode: 27 },
  Backspace: { code: 'Backspace', keyCode: 8 },
  Delete: { code: 'Delete', keyCode: 46 },
  ' ': { code: 'Space', keyCode: 32, text: ' ' },
  ArrowLeft: { code: 'ArrowLeft', keyCode: 37 },
  ArrowUp: { code: 'ArrowUp', keyCode: 38 },
  ArrowRight: { code: 'ArrowRight', keyCode: 39 },
  ArrowDown: { code: 'ArrowDown', keyCode: 40 },
  Home: { code: 'Home', keyCode: 36 },
  End: { code: 'End', keyCode: 35 },
  PageUp: { code: 'PageUp', keyCode: 33 },
  PageDown: { code: 'PageDown', keyCode: 34 },
};

export function keyEventParams(key: string, modifiers: Modifiers = {}): { down: object; up: object } {
  const mask = (modifiers.alt ? 1 : 0) | (modifiers.ctrl ? 2 : 0) | (modifiers.meta ? 4 : 0) | (modifiers.shift ? 8 : 0);
  const named = NAMED_KEYS[key];
  let code = named?.code ?? '';
  let keyCode = named?.keyCode ?? 0;
  let text = named?.text;
  if (!named && key.length === 1) {
    const upper = key.toUpperCase();
    if (/[A-Z]/.test(upper)) [code, keyCode] = [`Key${upper}`, upper.charCodeAt(0)];
    else if (/[0-9]/.test(key)) [code, keyCode] = [`Digit${key}`, key.charCodeAt(0)];
    text = key;
  }
  // A shortcut (Ctrl+A) types nothing.
  if (modifiers.ctrl || modifiers.meta || modifiers.alt) text = undefined;
  const common = { key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode, modifiers: mask };
  return { down: { ...common, type: text === undefined ? 'rawKeyDown' : 'keyDown', ...(text !== undefined ? { text, unmodifiedText: text } : {}) }, up: { ...common, type: 'keyUp' } };
}

async function click(target: Debuggee, x: number, y: number): Promise<void> {
  const at = { x, y, button: 'left', clickCount: 1 };
  await send(target, 'Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  await send(target, 'Input.dispatchMouseEvent', { type: 'mousePressed', ...at, buttons: 1 });
  await send(target, 'Input.dispatchMouseEvent', { type: 'mouseReleased', ...at, buttons: 0 });
}

async function press(target: Debuggee, key: string, modifiers?: Modifiers): Promise<void> {
  const { down, up } = keyEventParams(key, modifiers);
  await send(target, 'Input.dispatchKeyEvent', down);
  await send(target, 'Input.dispatchKeyEvent', up);
}

/** Attaches the debugger to the tab; null when it cannot (DevTools or another debugger holds it). */
export async function attachDebugger(chromeTabId: number): Promise<AttachedDebugger | null> {
  const target: Debuggee = { tabId: chromeTabId };
  try {
    await chrome.debugger.attach(target, '1.3');
  } catch {
    return null;
  }
  return {
    async perform(plan, keyPress) {
      if (plan.kind === 'click') return click(target, plan.x, plan.y);
      if (plan.kind === 'wheel') {
        await send(target, 'Input.dispatchMouseEvent', { type: 'mouseWheel', x: plan.x, y: plan.y, deltaX: 0, deltaY: plan.dy });
        return;
      }
      if (plan.kind === 'insert') {
        // the page selected the whole content: inserted text replaces it, Backspace clears it
        if (plan.text === '') return press(target, 'Backspace');
        await send(target, 'Input.insertText', { text: plan.text });
        return;
      }
      return press(target, keyPress?.key ?? '', keyPress?.modifiers);
    },
    async detach() {
      await chrome.debugger.detach(target).catch(() => undefined);
    },
  };
}
