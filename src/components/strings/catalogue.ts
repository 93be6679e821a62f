import { localeStrings } from './locales.js';
import { loginEnglish } from './login-strings.js';
import { modelEnglish } from './model-strings.js';
import {
  confirmEnglish,
  dialogEnglish,
  editorEnglish,
  inputEnglish,
  queueEnglish,
  selectEnglish,
} from './dialog-strings.js';
import { globalOverrides, type RpcStrings } from './strings.js';
import { hostEnglish } from './host-strings.js';
import { notificationsEnglish } from './notification-strings.js';
import { sessionsEnglish } from './session-strings.js';
import { usageEnglish } from './usage-strings.js';
import { statusBarEnglish, widgetsEnglish } from './status-strings.js';
import { transcriptEnglish } from './transcript-strings.js';

/**
 * Every string of the kit in `locale` (see `setLocaleStrings`): English, then that locale's, then
 * the overrides of `setDefaultStrings`. A catalogue to translate from or to check against; the
 * elements each read only their own part.
 */
export function defaultStrings(locale = 'en'): Readonly<RpcStrings> {
  return {
    ...dialogEnglish,
    ...queueEnglish,
    ...confirmEnglish,
    ...selectEnglish,
    ...inputEnglish,
    ...editorEnglish,
    ...notificationsEnglish,
    ...statusBarEnglish,
    ...widgetsEnglish,
    ...hostEnglish,
    ...loginEnglish,
    ...transcriptEnglish,
    ...sessionsEnglish,
    ...usageEnglish,
    ...modelEnglish,
    ...localeStrings(locale),
    ...globalOverrides(),
  };
}
