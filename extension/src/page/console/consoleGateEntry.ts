// Bundle entry for dist/consoleGate.js: registered at document_start in the ISOLATED world, where
// chrome.extension.inIncognitoContext says synchronously whether this is an incognito tab. The
// early shim is registered only while every incognito window is the Sandbox's (tabs/earlyConsole.ts).
import { CONSOLE_GATE_ATTRIBUTE } from './consoleGate';

if (chrome.extension.inIncognitoContext) document.documentElement?.setAttribute(CONSOLE_GATE_ATTRIBUTE, '');
