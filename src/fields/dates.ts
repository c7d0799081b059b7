/**
 * Dates for validation codes 2–19 (typed by the signer), 30–48 (filled at signing) and 80–85
 * (month/year). Formats are written with `yyyy`, `yy`, `mm`, `dd`, `d`, `mmmm` and a separator.
 */

export interface DateParts {
  year: number;
  month: number;
  /** Absent for month/year values. */
  day?: number;
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Two-digit years are read as 2000–2099 (what matters for 29 February). */
export function fullYear(yy: number): number {
  return 2000 + yy;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

type Token = 'yyyy' | 'yy' | 'mm' | 'dd' | 'd' | 'mmmm';
const TOKEN_PATTERN = /yyyy|yy|mmmm|mm|dd|d/g;

function tokens(format: string): { order: Token[]; separators: string[] } {
  const order = (format.match(TOKEN_PATTERN) ?? []) as Token[];
  const separators = format.split(TOKEN_PATTERN).slice(1, -1);
  return { order, separators };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

const TOKEN_REGEX: Record<Token, string> = {
  yyyy: '(\\d{4})',
  yy: '(\\d{2})',
  mm: '(\\d{1,2})',
  dd: '(\\d{1,2})',
  d: '(\\d{1,2})',
  mmmm: '([A-Za-z]+)',
};

const compiled = new Map<string, RegExp>();
function formatRegex(format: string): RegExp {
  let re = compiled.get(format);
  if (!re) {
    const { order, separators } = tokens(format);
    const body = order.map((t, i) => TOKEN_REGEX[t] + (i < separators.length ? escapeRegExp(separators[i]) : '')).join('');
    re = new RegExp(`^${body}$`);
    compiled.set(format, re);
  }
  return re;
}

/**
 * Reads a value written in `format` and checks it is a real calendar date. Day and month may be
 * written with one or two digits (`1/2/2024`), years with exactly the digits the format shows;
 * month names (`mmmm`) in English, any letter case. Returns null when it is not such a date.
 */
export function parseDate(value: string, format: string): DateParts | null {
  const m = formatRegex(format).exec(value);
  if (!m) return null;
  const { order } = tokens(format);
  let year = NaN;
  let month = NaN;
  let day: number | undefined;
  order.forEach((t, i) => {
    const raw = m[i + 1];
    if (t === 'yyyy') year = Number(raw);
    else if (t === 'yy') year = fullYear(Number(raw));
    else if (t === 'mm') month = Number(raw);
    else if (t === 'mmmm') month = MONTH_NAMES.findIndex((n) => n.toLowerCase() === raw.toLowerCase()) + 1;
    else day = Number(raw);
  });
  if (!(year >= 1) || !(month >= 1 && month <= 12)) return null;
  if (day !== undefined && !(day >= 1 && day <= daysInMonth(year, month))) return null;
  return day === undefined ? { year, month } : { year, month, day };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Writes date parts in `format` (two-digit fields zero-padded). */
export function formatDate(parts: DateParts, format: string): string {
  return format.replace(TOKEN_PATTERN, (t) => {
    switch (t as Token) {
      case 'yyyy':
        return pad(parts.year, 4);
      case 'yy':
        return pad(parts.year % 100, 2);
      case 'mm':
        return pad(parts.month, 2);
      case 'mmmm':
        return MONTH_NAMES[parts.month - 1];
      case 'dd':
        return pad(parts.day ?? 1, 2);
      case 'd':
        return String(parts.day ?? 1);
    }
  });
}

/**
 * The calendar date of an instant in a time zone (IANA name, default UTC). An unknown time zone
 * falls back to UTC rather than failing a signature.
 */
export function calendarDate(date: Date, timeZone = 'UTC'): DateParts {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  } catch {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}
