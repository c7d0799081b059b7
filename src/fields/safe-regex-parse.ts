/**
 * Parser for the regular-expression subset code 93 accepts (see safe-regex.ts). Produces a small
 * syntax tree; every construct outside the subset is a `RegexSyntaxError` with a readable message.
 */

/** Sorted, non-overlapping inclusive code-point ranges `[lo0, hi0, lo1, hi1, ...]`. */
export type Ranges = number[];

export type RegexNode =
  | { type: 'empty' }
  /** `negate` is kept apart from the ranges because ignore-case applies before the negation (as in JS). */
  | { type: 'set'; ranges: Ranges; negate?: boolean }
  | { type: 'seq'; items: RegexNode[] }
  | { type: 'alt'; options: RegexNode[] }
  | { type: 'repeat'; node: RegexNode; min: number; max: number }
  | { type: 'assert'; kind: 'bol' | 'eol' | 'word' | 'notword' };

export class RegexSyntaxError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(message);
    this.name = 'RegexSyntaxError';
    this.position = position;
  }
}

export const MAX_CODE_POINT = 0x10ffff;
/** Largest count a `{m,n}` may give. */
export const MAX_REPEAT = 1000;

export function normalizeRanges(input: number[]): Ranges {
  const pairs: [number, number][] = [];
  for (let i = 0; i < input.length; i += 2) pairs.push([input[i], input[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last] + 1) out[last] = Math.max(out[last], hi);
    else out.push(lo, hi);
  }
  return out;
}

export function complementRanges(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i] > next) out.push(next, ranges[i] - 1);
    next = ranges[i + 1] + 1;
  }
  if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT);
  return out;
}

const DIGIT: Ranges = [0x30, 0x39];
const WORD: Ranges = normalizeRanges([0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]);
// JS \s: WhiteSpace and LineTerminator.
const SPACE: Ranges = normalizeRanges([
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff,
]);
const LINE_TERMINATORS: Ranges = normalizeRanges([0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029]);
export const WORD_RANGES = WORD;

const CLASS_ESCAPES: Record<string, Ranges> = {
  d: DIGIT,
  D: complementRanges(DIGIT),
  w: WORD,
  W: complementRanges(WORD),
  s: SPACE,
  S: complementRanges(SPACE),
};
const CONTROL_ESCAPES: Record<string, number> = { n: 0x0a, t: 0x09, r: 0x0d, f: 0x0c, v: 0x0b };

export interface ParseFlags {
  /** `.` also matches line terminators (flag s). */
  dotAll: boolean;
}

export function parseRegex(pattern: string, flags: ParseFlags): RegexNode {
  const chars = Array.from(pattern);
  let pos = 0;
  const fail = (message: string, at = pos): never => {
    throw new RegexSyntaxError(message, at);
  };
  const peek = (offset = 0) => chars[pos + offset];

  const dot = (): RegexNode => ({ type: 'set', ranges: flags.dotAll ? [0, MAX_CODE_POINT] : complementRanges(LINE_TERMINATORS) });
  const single = (cp: number): RegexNode => ({ type: 'set', ranges: [cp, cp] });

  function readHex(count: number): number | null {
    const digits = chars.slice(pos, pos + count).join('');
    if (digits.length !== count || !/^[0-9a-fA-F]+$/.test(digits)) return null;
    pos += count;
    return parseInt(digits, 16);
  }

  /** After a backslash: a code point, or a class (ranges), or an assertion. */
  function readEscape(inClass: boolean): { cp: number } | { ranges: Ranges } | { assert: 'word' | 'notword' } {
    const start = pos - 1;
    const c = chars[pos++];
    if (c === undefined) return fail('The pattern ends with a lone "\\"; escape it as "\\\\".', start);
    if (CLASS_ESCAPES[c]) return { ranges: CLASS_ESCAPES[c] };
    if (CONTROL_ESCAPES[c] !== undefined) return { cp: CONTROL_ESCAPES[c] };
    if (c === 'b') return inClass ? { cp: 0x08 } : { assert: 'word' };
    if (c === 'B') return inClass ? fail('"\\B" is not allowed inside [...].', start) : { assert: 'notword' };
    if (c === '0' && !/[0-9]/.test(peek() ?? '')) return { cp: 0 };
    if (/[0-9]/.test(c) && (inClass || c === '0'))
      return fail(`Octal escapes like "\\${c}${/[0-7]/.test(peek() ?? '') ? peek() : ''}" are not supported; write the character as \\xHH.`, start);
    if (/[1-9]/.test(c)) return fail(`Backreferences like "\\${c}" are not supported; repeat the sub-pattern instead.`, start);
    if (c === 'k' && peek() === '<') return fail('Named backreferences (\\k<name>) are not supported.', start);
    if (c === 'p' || c === 'P') return fail(`Unicode property escapes ("\\${c}{...}") are not supported; list the characters in [...] instead.`, start);
    if (c === 'x') {
      const v = readHex(2);
      return { cp: v ?? 0x78 };
    }
    if (c === 'u') {
      if (peek() === '{') {
        const close = chars.indexOf('}', pos);
        const hex = close === -1 ? '' : chars.slice(pos + 1, close).join('');
        if (!/^[0-9a-fA-F]{1,6}$/.test(hex) || parseInt(hex, 16) > MAX_CODE_POINT)
          return fail('"\\u{...}" needs 1 to 6 hex digits naming a code point.', start);
        pos = close + 1;
        return { cp: parseInt(hex, 16) };
      }
      const v = readHex(4);
      return { cp: v ?? 0x75 };
    }
    if (c === 'c') {
      const letter = peek();
      if (letter && /[A-Za-z]/.test(letter)) {
        pos++;
        return { cp: letter.codePointAt(0)! % 32 };
      }
      return { cp: 0x5c }; // "\c" without a letter is a backslash followed by "c", as in JS
    }
    return { cp: c.codePointAt(0)! };
  }

  function parseClass(): RegexNode {
    const start = pos - 1;
    let negate = false;
    if (peek() === '^') {
      negate = true;
      pos++;
    }
    const acc: number[] = [];
    const atom = (): { cp: number } | { ranges: Ranges } => {
      const c = chars[pos++];
      if (c === '\\') {
        const e = readEscape(true);
        if ('assert' in e) return fail('Assertions are not allowed inside [...].');
        return e;
      }
      return { cp: c.codePointAt(0)! };
    };
    while (peek() !== ']') {
      if (peek() === undefined) fail('A "[" is never closed with "]".', start);
      const atStart = pos;
      const from = atom();
      if (peek() === '-' && peek(1) !== undefined && peek(1) !== ']') {
        pos++;
        const to = atom();
        if (!('cp' in from) || !('cp' in to)) fail('A range in [...] cannot start or end with a class like \\d; write the range out.', atStart);
        const lo = (from as { cp: number }).cp;
        const hi = (to as { cp: number }).cp;
        if (lo > hi) fail(`The range "${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)}" in [...] runs backwards.`, atStart);
        acc.push(lo, hi);
      } else if ('cp' in from) acc.push(from.cp, from.cp);
      else acc.push(...from.ranges);
    }
    pos++; // ]
    const ranges = normalizeRanges(acc);
    return { type: 'set', ranges, negate };
  }

  /** `{m}`, `{m,}`, `{m,n}` at pos, or null when the brace is a literal. */
  function readBraces(): { min: number; max: number } | null {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(chars.slice(pos, pos + 20).join(''));
    if (!m) return null;
    pos += m[0].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) fail(`Repeat counts may be at most ${MAX_REPEAT}.`);
    if (min > max) fail(`The repeat {${m[1]},${m[3]}} has its numbers the wrong way round.`);
    return { min, max };
  }

  function readQuantifier(): { min: number; max: number } | null {
    const c = peek();
    let q: { min: number; max: number } | null = null;
    if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '?') q = { min: 0, max: 1 };
    if (q) pos++;
    else if (c === '{') q = readBraces();
    if (q && peek() === '?') pos++; // lazy: the same language, so the same answer
    return q;
  }

  function parseGroup(): RegexNode {
    const start = pos - 1;
    if (peek() === '?') {
      const next = peek(1);
      if (next === ':') pos += 2;
      else if (next === '=' || next === '!') fail('Lookahead ("(?=" and "(?!") is not supported.', start);
      else if (next === '<' && (peek(2) === '=' || peek(2) === '!')) fail('Lookbehind ("(?<=" and "(?<!") is not supported.', start);
      else if (next === '<') {
        const close = chars.indexOf('>', pos);
        const name = close === -1 ? '' : chars.slice(pos + 2, close).join('');
        if (!/^[A-Za-z_$][\w$]*$/.test(name)) fail('A named group needs a name like (?<name>...).', start);
        pos = close + 1;
      } else fail(`The group "(?${next ?? ''}" is not supported; use (...) or (?:...).`, start);
    }
    const inner = parseAlternation();
    if (peek() !== ')') fail('A "(" is never closed with ")".', start);
    pos++;
    return inner;
  }

  function parseAtom(): RegexNode | null {
    const c = chars[pos++];
    switch (c) {
      case '(':
        return parseGroup();
      case '[':
        return parseClass();
      case '.':
        return dot();
      case '^':
        return { type: 'assert', kind: 'bol' };
      case '$':
        return { type: 'assert', kind: 'eol' };
      case '\\': {
        const e = readEscape(false);
        if ('assert' in e) return { type: 'assert', kind: e.assert };
        return 'cp' in e ? single(e.cp) : { type: 'set', ranges: e.ranges };
      }
      case '*':
      case '+':
      case '?':
        return fail(`"${c}" has nothing to repeat; escape it as "\\${c}" to match it literally.`, pos - 1);
      case '{': {
        pos--;
        if (readBraces()) fail('A {...} repeat has nothing to repeat.', pos);
        pos++;
        return single(0x7b);
      }
      default:
        return single(c.codePointAt(0)!);
    }
  }

  function parseSequence(): RegexNode {
    const items: RegexNode[] = [];
    while (pos < chars.length && peek() !== '|' && peek() !== ')') {
      const atomStart = pos;
      const atom = parseAtom()!;
      const q = readQuantifier();
      if (q) {
        if (atom.type === 'assert' && chars[atomStart] !== '(') fail('An assertion (^, $, \\b, \\B) cannot be repeated.', atomStart);
        if (readQuantifier()) fail('Two repeats in a row have nothing to repeat; use a group like (a*)*.', pos - 1);
        items.push({ type: 'repeat', node: atom, min: q.min, max: q.max });
      } else items.push(atom);
    }
    if (items.length === 0) return { type: 'empty' };
    return items.length === 1 ? items[0] : { type: 'seq', items };
  }

  function parseAlternation(): RegexNode {
    const options = [parseSequence()];
    while (peek() === '|') {
      pos++;
      options.push(parseSequence());
    }
    return options.length === 1 ? options[0] : { type: 'alt', options };
  }

  const tree = parseAlternation();
  if (pos < chars.length) fail('A ")" has no matching "(".');
  return tree;
}
