/** Transports and framing: the bytes and messages between an agent and the controller. */
export { Emitter, type Listener } from '../shared/emitter.js';
export { TransportError, type TransportErrorCode } from './errors.js';
export { InboundMessage, type JsonParseResult } from './inbound.js';
export { encodeJson, encodeLine, isPlainObject, JsonlDecoder, type JsonlDecoderOptions } from './jsonl.js';
export { createMemoryTransport, MemoryPeer, MemoryTransport, type MemoryTransportOptions } from './memory.js';
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
export { type ReconnectOptions, ReconnectPolicy } from './reconnect.js';
export {
  type WebSocketCloseLike,
  type WebSocketConstructor,
  type WebSocketLike,
  WebSocketTransport,
  type WebSocketTransportOptions,
} from './websocket.js';
