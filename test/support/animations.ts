/** Let an element's running animations end: axe reads text at opacity 0 as invisible or faint. */
export async function animationsDone(el: Element): Promise<void> {
  await Promise.all(el.shadowRoot?.getAnimations().map((animation) => animation.finished) ?? []);
}
