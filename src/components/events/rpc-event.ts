/**
 * The base of the kit's events: a `CustomEvent` that bubbles and crosses shadow roots. Each
 * subclass names its `type` (a static property) and builds its `detail`.
 */
export class RpcEvent<Detail> extends CustomEvent<Detail> {
  constructor(type: string, detail: Detail, cancelable = false) {
    super(type, { detail, bubbles: true, composed: true, cancelable });
  }
}
