/** The strings of the extensions' lines around the composer: the status bar and the widgets. */
import type { RpcStrings } from './strings.js';
import { textTruncated } from './truncated.js';

/** What `rpc-status-bar` and `rpc-widget` say. */
export interface StatusStrings {
  /** Status bar: the region's accessible name. */
  statusBarLabel: string;
  /** Status bar: what is announced when an item changes: `{key}`, `{text}` (plain text). */
  statusAnnouncement: string;
  /** Widgets above the editor: the region's accessible name. */
  widgetsAboveLabel: string;
  /** Widgets below the editor: the region's accessible name. */
  widgetsBelowLabel: string;
}

/** The status bar's strings. */
export const statusBarEnglish = {
  textTruncated,
  statusBarLabel: 'Extension status',
  statusAnnouncement: '{text}',
} satisfies Partial<RpcStrings>;

/** The widgets' strings. */
export const widgetsEnglish = {
  textTruncated,
  widgetsAboveLabel: 'Extension widgets above the editor',
  widgetsBelowLabel: 'Extension widgets below the editor',
} satisfies Partial<RpcStrings>;
