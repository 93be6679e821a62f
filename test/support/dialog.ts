import { fixture, html } from '@open-wc/testing';
import type { RpcResponseEvent } from '../../src/components/events/response-event.js';
import type { DialogRequest } from '../../src/protocol/types.js';

/** A dialog element as the tests drive it. */
export interface DialogUnderTest<R extends DialogRequest> extends HTMLElement {
  request: R | undefined;
  readonly updateComplete: Promise<boolean>;
}

/**
 * Put `tag` next to a focused "Trigger" button, let `prepare` set it up, give it `request`, and
 * collect the `rpc-response` details it fires.
 */
export async function openDialog<E extends DialogUnderTest<R>, R extends DialogRequest>(
  tag: string,
  request: R,
  prepare: (el: E) => void = () => undefined,
) {
  const wrapper = await fixture<HTMLDivElement>(html`<div><button id="trigger">Trigger</button></div>`);
  const trigger = wrapper.querySelector<HTMLButtonElement>('#trigger');
  trigger?.focus();
  const el = document.createElement(tag) as E;
  wrapper.append(el);
  prepare(el);
  const responses: unknown[] = [];
  el.addEventListener('rpc-response', (event: RpcResponseEvent) => responses.push(event.detail));
  el.request = request;
  await el.updateComplete;
  return { el, wrapper, trigger, responses };
}

/** An element in a dialog's shadow root. */
export function shadowPart(el: Element, selector: string): HTMLElement | null {
  return el.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
}

/**
 * Open `tag` contained in a box `width` × `height` px, and the tops of its Cancel and Submit
 * buttons (equal when they share a row); the box is removed after.
 */
export async function actionTops(
  tag: string,
  request: DialogRequest,
  width: number,
  height: number,
): Promise<(number | undefined)[]> {
  const { el, wrapper } = await openDialog<DialogUnderTest<DialogRequest>, DialogRequest>(
    tag,
    request,
    (dialog) => {
      dialog.setAttribute('contained', '');
      dialog.parentElement?.setAttribute(
        'style',
        `position: relative; inline-size: ${width}px; block-size: ${height}px`,
      );
    },
  );
  await el.updateComplete;
  const tops = ['cancel', 'submit'].map(
    (action) => shadowPart(el, `[data-action="${action}"]`)?.getBoundingClientRect().top,
  );
  wrapper.remove();
  return tops;
}
