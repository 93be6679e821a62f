// The playground's composer: Enter sends a prompt; while the agent works, the prompt steers it
// (Enter, Send) or waits for its end (Alt+Enter, Follow up), as pi's RPC asks for.
import type { ExtensionUIController } from '../controller/controller.js';
import type { Transcript } from '../components/transcript/rpc-transcript.js';
import { enterKind } from '../components/internal/keys.js';

/** How a prompt sent while the agent works is delivered (pi's `streamingBehavior`). */
type Behavior = 'steer' | 'followUp';

export interface ComposerParts {
  readonly form: HTMLFormElement;
  readonly message: HTMLTextAreaElement;
  readonly send: HTMLButtonElement;
  readonly followUp: HTMLButtonElement;
  readonly hint: HTMLElement;
}

const HINTS = {
  idle: 'Enter sends, Shift+Enter adds a line',
  working: 'The agent is working: Enter steers it now, Alt+Enter follows up when it ends',
};

/** Send what is written as a prompt; `canSend` says whether there is an agent to take it. */
export function bindComposer(
  parts: ComposerParts,
  controller: ExtensionUIController,
  transcript: Transcript,
  canSend: () => boolean,
): void {
  const { form, message, send, followUp, hint } = parts;
  let prompts = 0;
  const submit = (behavior: Behavior) => {
    const text = message.value;
    if (text.trim() === '' || !canSend()) return;
    // Always said: an agent that is idle ignores it, and one that just started takes it.
    controller.send({
      type: 'prompt',
      id: `playground-${++prompts}`,
      message: text,
      streamingBehavior: behavior,
    });
    message.value = '';
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit(event.submitter === followUp ? 'followUp' : 'steer');
  });
  message.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.altKey && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit('followUp');
      return;
    }
    // Enter or Ctrl/Cmd+Enter sends; Shift+Enter is a new line.
    const enter = enterKind(event);
    if (enter === 'plain' || enter === 'primary') {
      event.preventDefault();
      submit('steer');
    }
  });
  const show = (working: boolean) => {
    send.textContent = working ? 'Steer' : 'Send';
    followUp.hidden = !working;
    hint.textContent = working ? HINTS.working : HINTS.idle;
  };
  transcript.on('working', show);
  show(transcript.working);
}
