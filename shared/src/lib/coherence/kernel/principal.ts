/** Only a named client can hold a delegation; the host resolves it from a credential. */
export type { ClientPrincipal } from '../../../protocol/messages';
