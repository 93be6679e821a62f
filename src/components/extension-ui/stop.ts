import type { ExtensionUIController } from '../../controller/controller.js';

/**
 * Stop what the agent does: its sign-ins are cancelled (once each: their questions answered
 * cancelled would read as an empty code, and fail), every dialog is answered cancelled, and with
 * `abort` the agent is sent `{"type":"abort"}`. What cannot be sent is told to `warn`.
 */
export function stopAgent(
  controller: ExtensionUIController,
  abort: boolean,
  warn: (message: string, error: unknown) => void,
): void {
  try {
    controller.logins.cancelAll();
  } catch (error) {
    warn('a sign-in could not be cancelled.', error);
  }
  controller.cancelAll({ respond: true });
  if (!abort) return;
  try {
    controller.send({ type: 'abort' });
  } catch (error) {
    warn('the abort command could not be sent.', error);
  }
}
