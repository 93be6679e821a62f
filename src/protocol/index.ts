/** The wire protocol: types, schemas, validation and response builders. DOM-free. */
export * from './types.js';
export { requestSchemas, isKnownMethod } from './schema.js';
export { parseRequest, type RequestParseResult } from './parse.js';
export { type AgentIdentity, readReady, zeroTimeoutIsOver } from './agent.js';
export { elidedCount, elidedItems } from './chunks.js';
export type { InvalidRequestReport, InvalidReason } from './report.js';
export { valueResponse, confirmResponse, cancelResponse, responseFor } from './responses.js';
export { type AnsiColor, type AnsiRun, type AnsiStyle, parseAnsi, stripAnsi } from './ansi.js';
export {
  accessUrl,
  type BridgeAccess,
  type BridgeAgentExit,
  type BridgeDialogClosed,
  type BridgeHello,
  type BridgeMessage,
  type BridgeRestartRequest,
  isBridgeType,
  readBridgeAccess,
} from './bridge.js';
