import { hopTimeoutMs, type EditorToExtension, type ExtensionToEditor, type HostToExtension } from '@vmark/shared';
import { answerHostCall } from './answerHostCall';
import { isEditorOrigin } from './editorOrigin';
import { EditorPorts } from './editorPorts';
import { HostServices } from './hostServices';
import { NativePort } from './nativePort';
import { assignLabel, forgetWindow, markUsed } from './routingState';
import { endPings, hostStatus, settlePing, type StatusRequest } from './status';
import { registerBrowserListeners } from '../browser/listeners';
import { setHostResolver } from '../browser/navigation/resolvedAddresses';
import { setSigninHost } from '../browser/signins/hostSignins';
import { onSigninMessage } from '../browser/signins/signinMessages';
import { rescueStuckEditors } from './editorRescue';
import { registerWindowFocusListeners } from './windowFocus';
import { onConnectionClosed, onHostInfo } from '../browser/principalLifecycle';

// Top level: listeners only. This file runs again every time the worker wakes up.
const native = new NativePort();
const editors = new EditorPorts();
const services = new HostServices(native);
native.onDisconnect(endPings);
// a resolver that does not answer in time leaves the name to the browser (offline, it fails there too)
setHostResolver(async (hostname) => {
  const addresses = await services.call({ op: 'net.resolve', hostname }, hopTimeoutMs('workerResolve'));
  return Array.isArray(addresses) ? addresses.filter((a): a is string => typeof a === 'string') : [];
});

setSigninHost((request, timeoutMs) => services.call(request, timeoutMs));

native.onMessage((message: HostToExtension, via) => {
  switch (message.type) {
    case 'call':
      void answerHostCall(editors, message).then((outcome) => native.reply(via, { type: 'result', id: message.id, outcome }));
      return;
    case 'ping':
      native.reply(via, { type: 'pong', id: message.id });
      return;
    case 'pong':
      settlePing(message);
      return;
    case 'serviceResult':
      services.settle(message);
      return;
    case 'connectionClosed':
      // approvals belong to one MCP connection: the editors drop those of a connection that left
      for (const window of editors.list()) window.port.postMessage({ type: 'connectionClosed', connectionId: message.connectionId } satisfies ExtensionToEditor);
      void onConnectionClosed(message.connectionId);
      return;
    case 'hostInfo':
      void chrome.storage.session.set({ launch: { allowLoopback: message.allowLoopback, trustedInput: message.trustedInput } });
      void onHostInfo(message.pid);
      return;
    default:
      return;
  }
});
native.connect();
registerBrowserListeners();
registerWindowFocusListeners();
rescueStuckEditors();

chrome.runtime.onConnectExternal.addListener((port) => {
  const tab = port.sender?.tab;
  if (port.name !== 'vmark-editor' || tab?.id === undefined) {
    port.disconnect();
    return;
  }
  const browserTabId = tab.id;
  const browserWindowId = tab.windowId;
  editors.connecting(port);
  // the listener goes on at once (a message without one is lost); messages wait for the origin check, in order
  const admitted = isEditorOrigin(services, port.sender?.origin).then((editor) => {
    if (!editor) {
      port.disconnect();
      editors.left(port);
    }
    return editor;
  });
  port.onMessage.addListener((message: EditorToExtension) => void admitted.then((editor) => editor && handle(message)));
  function handle(message: EditorToExtension): void {
    switch (message.type) {
      case 'register':
        void assignLabel(browserTabId, message.label, editors.labels()).then((label) => {
          editors.add({ label, port, browserTabId, browserWindowId });
          port.postMessage({ type: 'registered', label } satisfies ExtensionToEditor);
        });
        return;
      case 'used': {
        const window = editors.list().find((w) => w.port === port);
        if (window) void markUsed(window.label);
        return;
      }
      case 'windowReport':
        editors.keepReport(port, message.report);
        return;
      case 'result':
        editors.settle(message);
        return;
      case 'service':
        services.forEditor(port, message.id, message.request);
        return;
    }
  }
  port.onDisconnect.addListener(() => editors.remove(port));
});

chrome.tabs.onRemoved.addListener((tabId) => void forgetWindow(tabId));

chrome.runtime.onMessage.addListener(onSigninMessage);

chrome.runtime.onMessage.addListener((message: StatusRequest, _sender, sendResponse) => {
  if (message?.type !== 'status') return false;
  void hostStatus(native, editors).then(sendResponse);
  return true;
});
