// Bundle entry for dist/consoleShimEarly.js: registered at document_start in the MAIN world, after
// consoleGateEntry.ts in the ISOLATED world. It installs a dormant shim only where the gate marked
// the document (an incognito tab, i.e. the Sandbox window's); everywhere else it does nothing.
import { CONSOLE_GATE_ATTRIBUTE } from './consoleGate';
import { consoleShimSource } from './consoleShim';

const root = document.documentElement;
if (root?.hasAttribute(CONSOLE_GATE_ATTRIBUTE)) {
  root.removeAttribute(CONSOLE_GATE_ATTRIBUTE);
  consoleShimSource('dormant');
}
