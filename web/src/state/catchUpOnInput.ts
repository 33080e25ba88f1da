import type { WindowStore } from './store';

/**
 * Every way the person can reach the UI or change an editor starts with one of these: typing and
 * editing commands need the focus or a key, an input method starts a composition, a pointer, the
 * clipboard and drag and drop have events of their own.
 */
const PERSON_EVENTS = [
  'focusin',
  'keydown',
  'beforeinput',
  'compositionstart',
  'pointerdown',
  'mousedown',
  'touchstart',
  'contextmenu',
  'dragstart',
  'dragenter',
  'drop',
  'paste',
  'cut',
  'copy',
] as const;

/**
 * The UI and the shown editor may show the model up to `VIEW_PACE_MS` late while MCP calls stream in.
 * Before any event of the person reaches them (capture, on the window, so before every other handler),
 * they catch up: nobody types into, clicks on or copies from a view that is behind.
 */
export function catchUpOnInput(store: WindowStore, target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const catchUp = () => store.releaseViews();
  for (const type of PERSON_EVENTS) target.addEventListener(type, catchUp, { capture: true });
  return () => {
    for (const type of PERSON_EVENTS) target.removeEventListener(type, catchUp, { capture: true });
  };
}
