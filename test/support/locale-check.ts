/**
 * What is wrong with a set of locale tables against their English table: a missing locale, a missing or
 * extra key, a placeholder that differs from English (`{count}` dropped or misspelt), an empty string
 * where English has text. One line per problem, so a failing test names every gap at once.
 */
import { LOCALES } from '../../src/internal/i18n.ts';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

export function localeProblems(
  table: string,
  english: Readonly<Record<string, string>>,
  locales: Readonly<Record<string, Readonly<Record<string, string>>>>,
): string[] {
  const problems: string[] = [];
  const keys = Object.keys(english);
  for (const lang of LOCALES.filter((l) => l !== 'en')) {
    const strings = locales[lang];
    if (!strings) {
      problems.push(`${table}: no ${lang} table`);
      continue;
    }
    for (const key of keys) {
      if (!Object.hasOwn(strings, key)) problems.push(`${table} ${lang}: missing ${key}`);
      else if (strings[key].trim() === '' && english[key].trim() !== '') problems.push(`${table} ${lang}: empty ${key}`);
      else if (placeholders(strings[key]) !== placeholders(english[key])) {
        problems.push(`${table} ${lang}: ${key} has {${placeholders(strings[key])}} where English has {${placeholders(english[key])}}`);
      }
    }
    for (const key of Object.keys(strings)) if (!Object.hasOwn(english, key)) problems.push(`${table} ${lang}: extra ${key}`);
  }
  for (const lang of Object.keys(locales)) if (!(LOCALES as readonly string[]).includes(lang)) problems.push(`${table}: unexpected locale ${lang}`);
  return problems;
}
