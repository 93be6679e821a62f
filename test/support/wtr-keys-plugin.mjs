// A @web/test-runner command for the keyboard (`keys`) that means the same in every engine:
// through puppeteer's keyboard for Chromium and Firefox, and as W3C WebDriver key actions for
// WebKit, one keyDown/keyUp pair per character. The runner's own sendKeys over WebDriver types a
// word as one action that releases every key only at its end, so repeated characters and spaces
// are lost ("half-writen"), and it knows no key held across commands; WebDriver's input state
// keeps a key down between actions, so `down` and `up` work here.

import { keyAction, pressActions, typeActions } from './engines/webkit.mjs';

/** The WebDriver key actions of one payload. */
function actionsFor(payload) {
  if ('type' in payload) return typeActions(payload.type);
  if ('down' in payload) return keyAction('down', payload.down);
  if ('up' in payload) return keyAction('up', payload.up);
  const { modifiers = [], key } = 'combo' in payload ? payload.combo : { key: payload.press };
  return pressActions(key, modifiers);
}

export function keysPlugin() {
  return {
    name: 'keys',
    async executeCommand({ command, payload, session }) {
      if (command !== 'keys') return undefined;
      if (session.browser.type === 'webdriver') {
        // The launcher's driver manager runs actions for the session (concurrency 1: its window).
        await session.browser.driverManager.performActions(session.id, [
          { type: 'key', id: 'keyboard', actions: actionsFor(payload) },
        ]);
        return true;
      }
      const { keyboard } = session.browser.getPage(session.id);
      if ('type' in payload) await keyboard.type(payload.type);
      else if ('down' in payload) await keyboard.down(payload.down);
      else if ('up' in payload) await keyboard.up(payload.up);
      else if ('press' in payload) await keyboard.press(payload.press);
      else {
        const { modifiers, key } = payload.combo;
        for (const modifier of modifiers) await keyboard.down(modifier);
        await keyboard.press(key);
        for (const modifier of [...modifiers].reverse()) await keyboard.up(modifier);
      }
      return true;
    },
  };
}
