import type { EditorToExtension, ExtensionToEditor, HostToExtension } from '@vmark/shared';
import { EditorPorts } from './editorPorts';
import { NativePort } from './nativePort';
import { routeCall } from './router';
import { assignLabel, forgetWindow, markUsed } from './routingState';
import { hostStatus, settlePing, type StatusRequest } from './status';
import { registerBrowserListeners } from '../browser/listeners';
import { rescueStuckEditors } from './editorRescue';
import { onConnectionClosed, onHostInfo } from '../browser/sessionLifecycle';

// Top level: listeners only. This file runs again every time the worker wakes up.
const native = new NativePort();
const editors = new EditorPorts();
/** Editor service requests (native folders) in flight to the host: host id → editor port and its id. */
const serviceCalls = new Map<string, { port: chrome.runtime.Port; id: string }>();
let nextServiceId = 0;

native.onMessage((message: HostToExtension) => {
  switch (message.type) {
    case 'call':
      void routeCall(editors, message).then((outcome) => native.send({ type: 'result', id: message.id, outcome }));
      return;
    case 'ping':
      native.send({ type: 'pong', id: message.id });
      return;
    case 'pong':
      settlePing(message);
      return;
    case 'serviceResult': {
      const caller = serviceCalls.get(message.id);
      serviceCalls.delete(message.id);
      caller?.port.postMessage({ ...message, id: caller.id } satisfies ExtensionToEditor);
      return;
    }
    case 'connectionClosed':
      // approvals belong to one MCP connection: the editors drop those of a connection that left
      for (const window of editors.list()) window.port.postMessage({ type: 'connectionClosed', connectionId: message.connectionId } satisfies ExtensionToEditor);
      void onConnectionClosed(message.connectionId);
      return;
    case 'hostInfo':
      void chrome.storage.session.set({ launch: { allowLoopback: message.allowLoopback } });
      void onHostInfo(message.pid);
      return;
    default:
      return;
  }
});
native.connect();
registerBrowserListeners();
rescueStuckEditors();

chrome.runtime.onConnectExternal.addListener((port) => {
  const tab = port.sender?.tab;
  if (port.name !== 'vmark-editor' || tab?.id === undefined) {
    port.disconnect();
    return;
  }
  const browserTabId = tab.id;
  const browserWindowId = tab.windowId;
  port.onMessage.addListener((message: EditorToExtension) => {
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
      case 'result':
        editors.settle(message);
        return;
      case 'service': {
        const id = `s${++nextServiceId}`;
        serviceCalls.set(id, { port, id: message.id });
        if (!native.send({ type: 'service', id, request: message.request })) {
          serviceCalls.delete(id);
          port.postMessage({ type: 'serviceResult', id: message.id, ok: false, code: 'NO_HOST', message: 'The VMark host is not connected.' });
        }
        return;
      }
    }
  });
  port.onDisconnect.addListener(() => editors.remove(port));
});

chrome.tabs.onRemoved.addListener((tabId) => void forgetWindow(tabId));

chrome.runtime.onMessage.addListener((message: StatusRequest, _sender, sendResponse) => {
  if (message?.type !== 'status') return false;
  void hostStatus(native, editors).then(sendResponse);
  return true;
});
