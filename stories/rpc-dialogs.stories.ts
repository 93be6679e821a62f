import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { RpcDialogs } from '../src/components/dialogs/rpc-dialogs.js';
import { ExtensionUIController } from '../src/controller/controller.js';
import { createMemoryTransport } from '../src/transport/memory.js';
import { metaParameters, stage, storyParameters } from './story-helpers.js';

/** A controller fed by an in-memory agent that asks three questions at once. */
function queue() {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const ask = (request: Record<string, unknown>) =>
    peer.writeMessage({ type: 'extension_ui_request', ...request });
  ask({
    id: 'q1',
    method: 'confirm',
    title: 'Allow `rm -rf dist`?',
    message: 'The bash tool wants to run it.',
  });
  ask({
    id: 'q2',
    method: 'select',
    title: 'Which branch?',
    options: ['main', 'develop', 'feature/rpc-ui'],
    timeout: 60_000,
  });
  ask({ id: 'q3', method: 'input', title: 'Commit message', placeholder: 'describe the change' });
  return { controller };
}

const meta = {
  title: 'Dialogs/rpc-dialogs',
  component: 'rpc-dialogs',
  decorators: [stage],
  parameters: metaParameters(
    20,
    'The dialog queue bound to an `ExtensionUIController`: the oldest dialog first, "1 of 3" while more wait, the next one as soon as one is answered or expires.',
  ),
  render: () => {
    const { controller } = queue();
    return html`<rpc-dialogs contained .controller=${controller}></rpc-dialogs>`;
  },
} satisfies Meta;

export default meta;
type Story = StoryObj;

/** Three dialogs at once: answered one after the other, each showing its place in the queue. */
export const Queue: Story = {
  parameters: storyParameters({
    description: 'Answer the confirm, then the select, then the input: the queue empties.',
  }),
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector('rpc-dialogs') as RpcDialogs;
    const current = () => host.shadowRoot?.querySelector('rpc-confirm, rpc-select, rpc-input') ?? null;
    const screen = () => within(current()?.shadowRoot as unknown as HTMLElement);
    await waitFor(() => expect(screen().getByText('1 of 3')).toBeVisible());
    await expect(screen().getByRole('alertdialog', { name: 'Allow `rm -rf dist`?' })).toBeVisible();
    await userEvent.click(screen().getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen().getByText('1 of 2')).toBeVisible());
    const focused = () => current()?.shadowRoot?.activeElement;
    await waitFor(() =>
      expect(focused()?.closest('[role="listbox"]')).toBe(
        screen().getByRole('listbox', { name: 'Which branch?' }),
      ),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(focused()).toBe(screen().getByRole('textbox', { name: 'Commit message' })));
    await expect(screen().queryByText(/of \d/)).toBeNull();
    await expect(host.controller?.dialogs.map((d) => d.request.id)).toEqual(['q3']);
    await userEvent.keyboard('fix: typo{Enter}');
    await waitFor(() => expect(current()).toBeNull());
    await expect(host.controller?.dialogs).toEqual([]);
  },
};
