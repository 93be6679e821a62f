/**
 * rpc-ui-kit: the browser client of the extension UI protocol of coding agents in RPC mode.
 * Importing this module registers no element.
 */
export * from './protocol/index.js';
export * from './transport/index.js';
export { ControllerBinding } from './components/shared/controller-binding.js';
