// The page side of browser.act: what the extension asks and what the page answers.

export type ActOperation = 'click' | 'type' | 'scroll' | 'key';

// chrome.scripting may hand a null argument field over as undefined.
export type ActTargetSpec = { ref: string } | { role: string; name: string } | null | undefined;

export interface ActRequest {
  operation: ActOperation;
  target: ActTargetSpec;
  text?: string;
  dy?: number;
  key?: string;
  modifiers?: { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean };
}

/** Why an act was refused (the `reason` in structuredContent). */
export type ActReason =
  | 'not-found'
  | 'stale'
  | 'ambiguous'
  | 'hidden'
  | 'disabled'
  | 'offscreen'
  | 'covered'
  | 'upload'
  | 'readonly'
  | 'not-editable'
  | 'rejected-value'
  | 'no-such-option';

export interface ActCounts {
  matchedTotal: number;
  matchedVisible: number;
}

export interface ActElement {
  ref: string;
  role: string;
  name: string;
}

export type InspectResult =
  | ({ ok: true; element: ActElement | null; upload: boolean } & ActCounts)
  | ({ ok: false; reason: ActReason; detail: string; candidates?: string[] } & ActCounts);

export type PerformResult =
  | ({ ok: true; element: ActElement | null; defaultAction?: string; value?: string; scrolledBy?: number } & ActCounts)
  | ({ ok: false; reason: ActReason; detail: string; candidates?: string[]; element?: ActElement } & ActCounts);
