import type { ExtensionUIRequest } from '../protocol/types.js';
import type { NotificationEntry, StatusEntry, WidgetEntry } from './types.js';

/** Which fire-and-forget part changed. */
export type UiStateKind = 'statuses' | 'widgets' | 'title' | 'editorText' | 'notifications';

/** A fire-and-forget request: everything but the four dialogs. */
export type UpdateRequest = Extract<
  ExtensionUIRequest,
  { readonly method: 'notify' | 'setStatus' | 'setWidget' | 'setTitle' | 'set_editor_text' }
>;

/**
 * What the agent's fire-and-forget requests left: statuses by key, widgets by key, the title,
 * the editor text and the recent notifications. Each change is told to `changed`.
 */
export class UiState {
  readonly #changed: (kind: UiStateKind) => void;
  readonly #notificationLimit: number;
  readonly #statuses = new Map<string, string>();
  readonly #widgets = new Map<string, WidgetEntry>();
  #notifications: readonly NotificationEntry[] = [];
  #title: string | undefined;
  #editorText: string | undefined;
  #statusList: readonly StatusEntry[] | undefined;
  #widgetList: readonly WidgetEntry[] | undefined;

  constructor(notificationLimit: number, changed: (kind: UiStateKind) => void) {
    this.#notificationLimit = notificationLimit;
    this.#changed = changed;
  }

  /** Sorted by key with `localeCompare`, as pi's own footer sorts them; the same array until a change. */
  get statuses(): readonly StatusEntry[] {
    this.#statusList ??= [...this.#statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, text]) => ({ key, text }));
    return this.#statusList;
  }

  /** In the order they were first set; the same array until a change. */
  get widgets(): readonly WidgetEntry[] {
    this.#widgetList ??= [...this.#widgets.values()];
    return this.#widgetList;
  }

  get title(): string | undefined {
    return this.#title;
  }

  get editorText(): string | undefined {
    return this.#editorText;
  }

  /** Oldest first; a new array at each change. */
  get notifications(): readonly NotificationEntry[] {
    return this.#notifications;
  }

  /** Apply one fire-and-forget request; for `notify`, the entry for the owner to add ({@link notify}). */
  apply(request: UpdateRequest): NotificationEntry | undefined {
    switch (request.method) {
      case 'notify': {
        const { id, message, notifyType } = request;
        return { id, message, notifyType, time: Date.now() };
      }
      case 'setStatus':
        this.#setStatus(request.statusKey, request.statusText);
        return undefined;
      case 'setWidget': {
        const { widgetKey: key, widgetLines: lines, widgetPlacement: placement } = request;
        if (lines === undefined) {
          if (!this.#widgets.delete(key)) return undefined;
        } else this.#widgets.set(key, { key, lines, placement });
        this.#widgetList = undefined;
        this.#changed('widgets');
        return undefined;
      }
      case 'setTitle':
        this.#title = request.title;
        this.#changed('title');
        return undefined;
      case 'set_editor_text':
        this.#editorText = request.text;
        this.#changed('editorText');
        return undefined;
    }
  }

  /**
   * Add a notification, keeping the newest of each kind (see {@link #latest}). Not told to
   * `changed`: the owner tells the new entry first.
   */
  notify(entry: NotificationEntry): void {
    this.#notifications = this.#latest([...this.#notifications, entry]);
  }

  /** Drop one notification (`id`), or all of them. */
  dismissNotification(id?: string): void {
    this.#notifications = id === undefined ? [] : this.#notifications.filter((entry) => entry.id !== id);
    this.#changed('notifications');
  }

  /** Keep only the statuses and widgets whose keys are listed; an absent list keeps its part. */
  retain(statuses: readonly string[] | undefined, widgets: readonly string[] | undefined): void {
    if (statuses && this.#drop(this.#statuses, statuses)) {
      this.#statusList = undefined;
      this.#changed('statuses');
    }
    if (widgets && this.#drop(this.#widgets, widgets)) {
      this.#widgetList = undefined;
      this.#changed('widgets');
    }
  }

  /** Replace everything with a snapshot's parts. */
  restore(parts: {
    readonly statuses: readonly StatusEntry[];
    readonly widgets: readonly WidgetEntry[];
    readonly title?: string | undefined;
    readonly editorText?: string | undefined;
    readonly notifications: readonly NotificationEntry[];
  }): void {
    this.#statuses.clear();
    for (const { key, text } of parts.statuses) this.#statuses.set(key, text);
    this.#widgets.clear();
    for (const widget of parts.widgets) this.#widgets.set(widget.key, widget);
    this.#title = parts.title;
    this.#editorText = parts.editorText;
    this.#notifications = this.#latest(parts.notifications);
    this.#statusList = undefined;
    this.#widgetList = undefined;
  }

  #setStatus(key: string, text: string | undefined): void {
    if (text === undefined) {
      if (!this.#statuses.delete(key)) return;
    } else {
      if (this.#statuses.get(key) === text) return;
      this.#statuses.set(key, text);
    }
    this.#statusList = undefined;
    this.#changed('statuses');
  }

  /** Remove the keys of `map` not in `keep`; whether any went. */
  #drop(map: Map<string, unknown>, keep: readonly string[]): boolean {
    const gone = [...map.keys()].filter((key) => !keep.includes(key));
    for (const key of gone) map.delete(key);
    return gone.length > 0;
  }

  /**
   * The newest `notificationLimit` errors (they stay until dismissed) and the newest
   * `notificationLimit` of the others, in order: a flood of either cannot push out the other.
   */
  #latest(entries: readonly NotificationEntry[]): NotificationEntry[] {
    const room = { error: this.#notificationLimit, other: this.#notificationLimit };
    return [...entries]
      .reverse()
      .filter((entry) => room[entry.notifyType === 'error' ? 'error' : 'other']-- > 0)
      .reverse();
  }
}
