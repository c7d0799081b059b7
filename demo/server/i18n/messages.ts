/**
 * What the server writes for people in the document's language (the send field `language`, English by
 * default): the emails to recipients and reviewers, the one-time codes' SMS and email, and the final PDF's
 * signing-history page. The same translation mechanism as the elements (src/internal/i18n.ts), one file
 * per locale in `locales/`.
 */
import { LOCALES, createTranslations, safeLocale, type MessageParams } from 'esign-elements/i18n';
import { SERVER_LOCALES } from './locales/index.ts';
import { SERVER_EN, type ServerMessageKey } from './locales/en.ts';

export { SERVER_EN, type ServerMessageKey, type ServerTranslation } from './locales/en.ts';

const serverStrings = createTranslations<ServerMessageKey>(SERVER_EN, SERVER_LOCALES);

/** The server's string for `key` in `lang` (then its base language, then English). */
export function tr(lang: string, key: ServerMessageKey, params?: MessageParams): string {
  return serverStrings.lookup(lang, key, params);
}

/** `key` when the table has it (an audit event, a status), else null. */
export function trMaybe(lang: string, key: string, params?: MessageParams): string | null {
  return Object.hasOwn(SERVER_EN, key) ? tr(lang, key as ServerMessageKey, params) : null;
}

/**
 * The send field `language`: a language tag whose base language ships (`de`, `pt-BR`, `zh-CN` …),
 * answered as its canonical form; null when it does not ship or is not a tag.
 */
export function shippedLanguage(value: string): string | null {
  const canonical = safeLocale(value.trim());
  if (canonical === 'en' && !/^en\b/i.test(value.trim())) return null;
  return (LOCALES as readonly string[]).includes(canonical.split('-')[0].toLowerCase()) ? canonical : null;
}
