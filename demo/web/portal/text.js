// The portal's strings: the demo pages' table (demo/web/i18n.js, keys `portal.*`) in the page's language.
import { pageLang, t } from '../i18n.js';

export const lang = pageLang();

/** The string for `key` in the page's language, `{name}` filled from `params`. */
export const tr = (key, params) => t(lang, key, params);

/** A date and time in the page's language, or the dash for none. */
export const when = (iso) => (iso ? new Date(iso).toLocaleString(lang) : '—');

/** A sign-in error in words: the server's Cognito message where it says more than a code. */
export const problem = (error) => (error && typeof error.message === 'string' && error.message ? error.message : tr('portal.failed'));
