// The page API as the extension sees it after injecting dist/page.js.

import type { ActCounts, ActRequest, InspectResult, PerformResult } from './act/types';
import type { PrepareResult } from './act/trusted';
import type { StyleChange, StyleResult, StyleTarget } from './act/applyStyle';
import type { ConsoleResult } from './console/readConsole';
import type { Condition, MatchResult } from './conditions/matches';
import type { ExtractOptions, ExtractResult, ReaderCapture } from './extract/extract';
import type { Gate } from './gate/classifyGate';
import type { QueryOptions, QueryResult } from './query/query';
import type { SnapshotOptions, SnapshotResult } from './snapshot/snapshot';

/** Global the page bundle defines in the world it is injected into. */
export const PAGE_API_GLOBAL = '__vmarkPage';
export const PAGE_API_VERSION = 1;

export interface VmarkPageApi {
  version: number;
  snapshot(options?: SnapshotOptions): SnapshotResult;
  resolveRef(ref: string): Element | null;
  describeRef(ref: string): { role: string; name: string } | null;
  refGeneration(): { generation: number };
  resetRefs(): { generation: number };
  query(options: QueryOptions): QueryResult;
  extract(options?: ExtractOptions): ExtractResult;
  /** The bounded, visible-only HTML for the extension's reader (the reading itself runs outside the page). */
  captureReaderHtml(options?: { maxChars?: number }): ReaderCapture;
  detectGate(): Gate | null;
  readConsole(): ConsoleResult;
  clearConsole(): ConsoleResult;
  matches(condition: Condition): MatchResult;
  /** Resolves and names an act target without touching the page. */
  inspectAct(request: ActRequest): InspectResult;
  /** Resolves, checks and acts on the target (synthetic events). */
  performAct(request: ActRequest): PerformResult;
  /** Checks the target as performAct does, focuses it and arms the guard for the extension's trusted input. */
  prepareTrusted(request: ActRequest): PrepareResult;
  /** Disarms the guard and verifies what the trusted input did. */
  finishTrusted(request: ActRequest, counts: ActCounts): PerformResult;
  /** After a trusted wheel: whether the document's scroll has come to rest. */
  trustedScrollSettled(): { settled: boolean };
  /** Inline style or classes on a ref's element or a selector's (≤ 50); {inspect: true} changes nothing. */
  applyStyle(target: StyleTarget, change: StyleChange): StyleResult;
  /** Wakes the workflow_record capture shim for the recording `token` (record/recorder.ts). */
  startRecording(token: string): { recording: true };
  stopRecording(): { recording: false };
}

export type { ActRequest, InspectResult, PerformResult, Condition, ConsoleResult, ExtractOptions, ExtractResult, Gate, MatchResult, QueryOptions, QueryResult, ReaderCapture, SnapshotOptions, SnapshotResult };
