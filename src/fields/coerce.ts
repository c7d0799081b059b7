/**
 * Reading loosely typed JSON values the way the hosted service accepts them: booleans as
 * true/'true'/1, numbers also as numeric strings. Each reader returns `undefined` for "absent"
 * and `INVALID` for a value of the wrong kind.
 */

export const INVALID = Symbol('invalid');
export type Read<T> = T | undefined | typeof INVALID;

/** true/'true'/1/'1' and false/'false'/0/'0' (case-insensitive strings); null/undefined is absent. */
export function readBoolean(v: unknown): Read<boolean> {
  if (v === undefined || v === null) return undefined;
  if (v === true || v === 1) return true;
  if (v === false || v === 0) return false;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0') return false;
  }
  return INVALID;
}

/** A finite number, or a string holding one (`"0.25"`); '' and null are absent. */
export function readNumber(v: unknown): Read<number> {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? v : INVALID;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return undefined;
    if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(s)) return INVALID;
    return Number(s);
  }
  return INVALID;
}

/** Like readNumber, but the number must be whole. */
export function readInteger(v: unknown): Read<number> {
  const n = readNumber(v);
  if (n === undefined || n === INVALID) return n;
  return Number.isInteger(n) ? n : INVALID;
}

/** A string; null is absent; numbers and booleans are not strings. */
export function readString(v: unknown): Read<string> {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : INVALID;
}

/** Shows a received value inside a message, shortened. */
export function shown(v: unknown): string {
  let s: string;
  try {
    s = typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
