/**
 * Images in the conversation, shown from the data the agent sent, never from an address: a
 * prompt's attachments, a tool's answer (a read of a PNG). Only PNG, JPEG, GIF and WebP whose data
 * is whole base64 (records.ts `imagesOf`); any other is said, not shown.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { MessageImage } from '../../controller/transcript/records.js';
import { format } from '../strings/format.js';
import type { TranscriptText } from './transcript-text.js';

/** `images`, each named `alt`; nothing when there are none. */
export function messageImages(
  images: readonly MessageImage[] | undefined,
  alt: string,
  text: TranscriptText,
): TemplateResult | typeof nothing {
  if (!images?.length) return nothing;
  return html`<div class="images" part="images">
    ${images.map((image) =>
      image.data
        ? html`<img class="image" src=${`data:${image.mimeType};base64,${image.data}`} alt=${alt} />`
        : html`<p class="image-not-shown">${format(text.transcriptImageNotShown, { type: image.mimeType || '?' })}</p>`,
    )}
  </div>`;
}
