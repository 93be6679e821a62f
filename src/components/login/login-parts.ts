/** The pieces of a login card: the page to open, a device code, the progress messages. */
import { html, nothing, type TemplateResult } from 'lit';
import type { LoginEntry } from '../../controller/logins.js';
import type { DeviceCodeRequest, LoginInfoRequest, OpenUrlRequest } from '../../protocol/types.js';
import { ansiText, plainText, type TruncationOptions } from '../ansi-text/ansi-text.js';
import type { loginEnglish } from '../strings/login-strings.js';
import { format } from '../strings/format.js';
import type { Strings } from '../strings/strings.js';
import { minutesSeconds } from '../reactive/code-expiry.js';
import { webAddress } from './links.js';

/** The words of the login panel. */
export type LoginText = Strings<typeof loginEnglish>;

/** What a copy button copies. */
export type CopyTarget = 'link' | 'launch' | 'code';

/** What the pieces need from their card. */
export interface CardContext {
  readonly text: LoginText;
  /** How agent text cut for length says so, in the panel's locale. */
  readonly agentText: TruncationOptions;
  /** A copy button for `what`, with its status beside it. */
  copyButton(what: CopyTarget, label: string): TemplateResult;
}

/** What the copy button `what` of `entry` copies: a checked web address, or the device code. */
export function copyValue(entry: LoginEntry, what: CopyTarget): string | undefined {
  if (what === 'code') return entry.deviceCode?.userCode;
  const url = what === 'link' ? entry.url?.url : entry.url?.launchUrl;
  return url === undefined ? undefined : webAddress(url)?.href;
}

/** A link that opens in a new tab, only ever when the user follows it, without the opener. */
function link(url: URL, name: string, part: string): TemplateResult {
  return html`<a class="link" part=${part} href=${url.href} target="_blank" rel="noopener noreferrer">${name}</a>`;
}

/** An address that is not http or https: text, and a note saying why it is not a link. */
function notALink(url: string, { text, agentText }: CardContext): TemplateResult {
  return html`<p class="url" part="url">${plainText(url, agentText)}</p>
    <p class="note" part="note">${text.loginNotALink}</p>`;
}

/**
 * The page to open: the agent's instructions, the link named by its host, the full address in a
 * disclosure, the copy button; then oh-my-pi's local launch address, if any, the same way.
 */
export function renderPage(
  { url, launchUrl, instructions }: OpenUrlRequest,
  card: CardContext,
): TemplateResult {
  const { text, agentText, copyButton } = card;
  const web = webAddress(url);
  const launch = launchUrl === undefined ? undefined : webAddress(launchUrl);
  const page = web
    ? html`
        <p class="row">${link(web, format(text.loginOpenPage, { host: web.host }), 'link')}</p>
        <details part="address">
          <summary part="address-summary">${text.loginShowAddress}</summary>
          <p class="url" part="url">${plainText(url, agentText)}</p>
        </details>
        ${copyButton('link', text.loginCopyLink)}
      `
    : notALink(url, card);
  let local: TemplateResult | typeof nothing = nothing;
  if (launchUrl !== undefined)
    local = html`<p class="hint" part="launch-hint">${text.loginLaunchHint}</p>
      ${
        launch
          ? html`<p class="row">${link(launch, plainText(launchUrl, agentText), 'launch-link')}</p>
              ${copyButton('launch', text.loginCopyLaunch)}`
          : notALink(launchUrl, card)
      }`;
  const said = instructions ? ansiText(instructions, { ...agentText, lines: true }) : undefined;
  return html`
    <div class="page" part="page">
      ${said ? html`<p class="instructions" part="instructions">${said}</p>` : nothing} ${page} ${local}
    </div>
  `;
}

/** A device code, large and copyable, the page to enter it at, and its time left (whole seconds). */
export function renderCode(
  { userCode, verificationUri }: DeviceCodeRequest,
  left: number | undefined,
  card: CardContext,
): TemplateResult {
  const { text, agentText, copyButton } = card;
  const web = webAddress(verificationUri);
  let expiry: TemplateResult | typeof nothing = nothing;
  if (left !== undefined)
    expiry = html`<p class="expiry" part="expiry">
      ${left > 0 ? format(text.loginCodeExpiresIn, { time: minutesSeconds(left) }) : text.loginCodeExpired}
    </p>`;
  return html`
    <div class="device" part="device">
      <p class="hint" part="code-hint">${text.loginCodeHint}</p>
      <p class="code" part="code">${plainText(userCode, agentText)}</p>
      ${copyButton('code', text.loginCopyCode)}
      ${
        web
          ? html`<p class="row">${link(web, format(text.loginCodePage, { host: web.host }), 'link')}</p>`
          : notALink(verificationUri, card)
      }
      ${expiry}
    </div>
  `;
}

/** A message and its links: a labelled link is followed by its host; a link not http(s) is text. */
function renderMessage({ message, links }: LoginInfoRequest, card: CardContext): TemplateResult {
  const { text, agentText } = card;
  const item = ({ url, label }: LoginInfoRequest['links'][number]) => {
    const web = webAddress(url);
    const shown = label === undefined ? undefined : plainText(label, agentText);
    const address = plainText(url, agentText);
    if (!web)
      return html` <span class="url" part="url"
          >${shown === undefined ? address : format(text.loginLinkLabel, { label: shown, host: address })}</span
        >
        <span class="note" part="note">${text.loginNotALink}</span>`;
    const name =
      shown === undefined ? web.href : format(text.loginLinkLabel, { label: shown, host: web.host });
    return html` ${link(web, name, 'message-link')}`;
  };
  return html`<li part="message"><span class="text">${ansiText(message, { ...agentText, lines: true })}</span>${links.map(item)}</li>`;
}

/** The progress messages, oldest first, in a polite log region that is there before the first. */
export function renderMessages(messages: readonly LoginInfoRequest[], card: CardContext): TemplateResult {
  const list =
    messages.length > 0
      ? html`<ol class="message-list" part="message-list">${messages.map((m) => renderMessage(m, card))}</ol>`
      : nothing;
  return html`<div class="messages" part="messages" role="log" aria-label=${card.text.loginMessagesLabel}>${list}</div>`;
}
