/** What `options` must hold for the codes that need it: dropdown items (20), a secret code (73), a regex (93). */
import { validationCode } from './codes.ts';
import { safeRegexProblem } from './safe-regex.ts';

/** Dropdown items: one per line, blank lines and surrounding spaces dropped. */
export function optionLines(options: string | null | undefined): string[] {
  return String(options ?? '')
    .split(/\r\n|\r|\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The regex of a code-93 field: the first line of options. */
export function regexPattern(options: string | null | undefined): string {
  return String(options ?? '').split(/\r\n|\r|\n/)[0] ?? '';
}

/** Why `options` does not suit validation `code`, or null when it does (or the code needs none). */
export function optionsProblem(code: number | null | undefined, options: string | null | undefined): string | null {
  if (!validationCode(code)?.needsOptions) return null;
  switch (code) {
    case 20:
      return optionLines(options).length === 0 ? 'A dropdown needs its items in options, one per line.' : null;
    case 73:
      return String(options ?? '').trim() === '' ? 'A secret-code field needs the code in options.' : null;
    case 93: {
      if (regexPattern(options).trim() === '') return 'A regular-expression field needs the pattern on the first line of options.';
      return safeRegexProblem(regexPattern(options));
    }
  }
  return null;
}
