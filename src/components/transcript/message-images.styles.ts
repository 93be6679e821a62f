import { css } from 'lit';

/** Images in the conversation (message-images.ts), in an element that defines `--_border`, `--_radius` and `--_muted`. */
export const messageImagesStyles = css`
    /* An image at its size, never wider than the conversation nor taller than a screenful. */
    .images {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
      margin-block-start: 0.5rem;
    }
    .images .image {
      max-inline-size: 100%;
      max-block-size: min(24rem, 60vh);
      object-fit: contain;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
    }
    .image-not-shown {
      margin: 0;
      color: var(--_muted);
    }
`;
