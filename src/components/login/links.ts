import type { ComplexAttributeConverter } from 'lit';

/**
 * The agent's address as a web address, when it is one: an absolute `http:` or `https:` URL. Any
 * other scheme (`javascript:`, `data:`, `file:`, an app's own), a relative or an unreadable address
 * is `undefined`, and is shown as text, never as a link. The link's `href` is the parsed URL's
 * `href`: exactly what was checked.
 */
export function webAddress(url: string): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
}

/** A list of provider ids as an attribute: `anthropic,openai-codex` (spaces around commas allowed). */
export const providersConverter: ComplexAttributeConverter<readonly string[]> = {
  fromAttribute: (value) =>
    (value ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  toAttribute: (value) => value.join(','),
};
