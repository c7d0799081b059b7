// Every shipped locale of the signer table, by language (English is the table itself, in ../signer-i18n.ts), each a
// dynamic import: a separate chunk the page downloads only when an element speaks that language
// (loadLocale in src/internal/i18n.ts). Loaded all at once by the locale check (src/internal/locales.test.ts).
import type { LocaleLoader } from '../../internal/i18n.ts';
import type { SignerMessageKey } from '../signer-i18n.ts';

export const SIGNER_LOCALES: Record<string, LocaleLoader<SignerMessageKey>> = {
  de: () => import('./de.ts'),
  fr: () => import('./fr.ts'),
  es: () => import('./es.ts'),
  it: () => import('./it.ts'),
  pt: () => import('./pt.ts'),
  nl: () => import('./nl.ts'),
  pl: () => import('./pl.ts'),
  ja: () => import('./ja.ts'),
  zh: () => import('./zh.ts'),
  ar: () => import('./ar.ts'),
  he: () => import('./he.ts'),
};
