/** Transports, framing and the DOM-free extension UI controller. */
export { type Clock, systemClock } from './clock.js';
export {
  type ChangeKind,
  type ControllerEvents,
  type ControllerOptions,
  ExtensionUIController,
} from './controller.js';
export { Emitter, type Listener } from './emitter.js';
export { TransportError, type TransportErrorCode } from './errors.js';
export { InboundMessage, type JsonParseResult } from './inbound.js';
export { encodeJson, encodeLine, isPlainObject, JsonlDecoder, type JsonlDecoderOptions } from './jsonl.js';
export { createMemoryTransport, MemoryPeer, MemoryTransport, type MemoryTransportOptions } from './memory.js';
export type { ControllerSnapshot, DialogSnapshot } from './snapshot.js';
export type {
  DismissEvent,
  ExpireEvent,
  NotificationEntry,
  PendingDialog,
  StatusEntry,
  WidgetEntry,
} from './state.js';
export { StreamTransport, type StreamTransportOptions } from './streams.js';
export {
  BaseTransport,
  type ConnectionState,
  type OutboundMessage,
  type Transport,
  type TransportEvents,
} from './transport.js';
export {
  type MessageEventLike,
  type PostMessageSource,
  type PostMessageTarget,
  PostMessageTransport,
  type PostMessageTransportOptions,
} from './postmessage.js';
export {
  type ReconnectOptions,
  type WebSocketCloseLike,
  type WebSocketConstructor,
  type WebSocketLike,
  WebSocketTransport,
  type WebSocketTransportOptions,
} from './websocket.js';
