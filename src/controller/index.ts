/** The DOM-free extension UI controller: the dialog queue, the UI state and the bridge's messages. */
export { type AccessFetch, askBridgeAccess } from './bridge-access.js';
export { BridgeClient, type BridgeClientEvents } from './bridge-client.js';
export { type Clock, systemClock } from '../shared/clock.js';
export {
  type ChangeKind,
  type ControllerEvents,
  type ControllerOptions,
  ExtensionUIController,
} from './controller.js';
export type { LoginProvider } from './logins.js';
export type { SentAnswer } from './sent-answers.js';
export type { ControllerSnapshot, DialogSnapshot } from './snapshot.js';
export type {
  DismissEvent,
  ExpireEvent,
  NotificationEntry,
  PendingDialog,
  StatusEntry,
  WidgetEntry,
} from './types.js';
