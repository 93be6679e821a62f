/**
 * The kit's strings (`rpc-ui-kit/strings.js`): the whole catalogue in any language, and the ways
 * to change what the elements say. The translations are entries of their own
 * (`rpc-ui-kit/locales/de.js`, `ja.js`, `ar.js`).
 */
export { defaultStrings } from './catalogue.js';
export type { CountedText, PluralText } from './format.js';
export { setLocaleStrings } from './locales.js';
export type { LoginStrings } from './login-strings.js';
export { type DialogStrings, expiryText } from './dialog-strings.js';
export type { HostStrings } from './host-strings.js';
export { type NotificationStrings, type NoteStrings, noteText } from './notification-strings.js';
export type { SessionStrings } from './session-strings.js';
export type { StatusStrings } from './status-strings.js';
export { type RpcStrings, setDefaultStrings } from './strings.js';
export type { UsageStrings } from './usage-strings.js';
export type { TranscriptStrings } from './transcript-strings.js';
