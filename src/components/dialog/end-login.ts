import type { ExtensionUIController } from '../../controller/controller.js';
import type { DialogRequest } from '../../protocol/types.js';

/**
 * Cancel a login's question by ending its login (`cancel_login_provider`), which closes its
 * questions with nothing sent: atomic takes a cancelled answer to them for an empty one, and the
 * login would go on to fail. Whether it did (not for a login the agent already ended, nor when
 * nothing can be sent: the question is then answered cancelled as any other).
 */
export function endLogin(controller: ExtensionUIController, request: DialogRequest): boolean {
  const entry = controller.logins.list.find((login) => login.key === request.login?.loginId);
  if (!entry?.provider || entry.outcome) return false;
  try {
    controller.logins.cancel(entry.key);
  } catch {
    return false;
  }
  return true;
}
