/** A domain error on the wire: the seed's envelope `{error, message, ...data}`. */
export interface WireDomainError {
  error: string;
  message: string;
  [data: string]: unknown;
}

/** A browser refusal on the wire: `TOKEN: message` with the token and data in structuredContent. */
export interface WireRefusal {
  token: string;
  message: string;
  data?: Record<string, unknown>;
}

export interface ImageBlock {
  type: 'image';
  data: string;
  mimeType: string;
}

/**
 * The result of one tool call as it travels back from the handler to the bridge.
 * Exactly one of the four forms of the seed: data, domain envelope, browser token, plain string.
 */
export type CallOutcome =
  | { kind: 'ok'; data: unknown; images?: ImageBlock[]; notice?: string }
  | { kind: 'domain'; error: WireDomainError }
  | { kind: 'refusal'; refusal: WireRefusal }
  | { kind: 'text'; text: string };

export const ok = (data: unknown, extra?: { images?: ImageBlock[]; notice?: string }): CallOutcome => ({
  kind: 'ok',
  data,
  ...extra,
});
export const domainFailure = (error: WireDomainError): CallOutcome => ({ kind: 'domain', error });
export const refusalFailure = (refusal: WireRefusal): CallOutcome => ({ kind: 'refusal', refusal });
export const textFailure = (text: string): CallOutcome => ({ kind: 'text', text });
