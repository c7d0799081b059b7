/**
 * What a signer is told about a regular-expression field (93): the format it expects. The sender's own
 * words first (`label_extra`); else an example made from the pattern (`\d{3}-\d{4}` → `123-4567`); else
 * the pattern itself. The example is built from the safe parser's tree (linear in the pattern), within a
 * small budget, and shown only when the pattern accepts it, so a hostile or clever pattern never hangs the
 * page nor gets a wrong example: it gets its own text instead.
 */
import { complementRanges, parseRegex, type Ranges, type RegexNode } from './safe-regex-parse.ts';
import { compileSafeRegex, splitFlags } from './safe-regex.ts';
import { regexPattern } from './options.ts';

export type PatternHint = { kind: 'own' | 'example' | 'pattern'; text: string };

/** An example longer than this is no help: the pattern is shown instead. */
const MAX_EXAMPLE = 40;
/** Patterns shown to signers are cut here (they may be 500 characters). */
const MAX_SHOWN = 80;
/** Nodes visited at most: nested counted repeats of nothing (`((){1000}){1000}`) give up instead of looping. */
const MAX_STEPS = 10_000;

const DIGITS = '1234567890';
const has = (ranges: Ranges, lo: number, hi: number) => {
  for (let i = 0; i < ranges.length; i += 2) if (ranges[i] <= lo && hi <= ranges[i + 1]) return true;
  return false;
};
const contains = (ranges: Ranges, cp: number) => has(ranges, cp, cp);

class TooLong extends Error {}

/** A readable example the tree accepts, or null when the pattern is not a simple one. */
function exampleOf(tree: RegexNode): string | null {
  let out = '';
  let steps = 0;
  const counters = { digit: 0, upper: 0, lower: 0 };
  const put = (s: string) => {
    out += s;
    if (Array.from(out).length > MAX_EXAMPLE) throw new TooLong();
  };
  const pick = (set: { ranges: Ranges; negate?: boolean }): string | null => {
    const ranges = set.negate ? complementRanges(set.ranges) : set.ranges;
    if (has(ranges, 0x30, 0x39)) return DIGITS[counters.digit++ % 10];
    if (has(ranges, 0x41, 0x5a)) return String.fromCharCode(0x41 + (counters.upper++ % 26));
    if (has(ranges, 0x61, 0x7a)) return String.fromCharCode(0x61 + (counters.lower++ % 26));
    // Otherwise the first visible character the set holds (a literal, a dash, a letter outside ASCII).
    for (let i = 0; i < ranges.length; i += 2) {
      const cp = Math.max(ranges[i], 0x21);
      if (cp <= ranges[i + 1] && cp <= 0xffff && !(cp >= 0x7f && cp <= 0xa0)) return String.fromCodePoint(cp);
    }
    return contains(ranges, 0x20) ? ' ' : null;
  };
  const walk = (n: RegexNode): boolean => {
    if (++steps > MAX_STEPS) throw new TooLong();
    switch (n.type) {
      case 'empty':
      case 'assert':
        return true;
      case 'set': {
        const c = pick(n);
        if (c === null) return false;
        put(c);
        return true;
      }
      case 'seq':
        return n.items.every(walk);
      case 'alt':
        return walk(n.options[0]);
      case 'repeat':
        for (let i = 0; i < n.min; i++) if (!walk(n.node)) return false;
        return true;
    }
  };
  try {
    return walk(tree) && out !== '' ? out : null;
  } catch (error) {
    if (error instanceof TooLong) return null;
    throw error;
  }
}

/** An example value the field's pattern accepts, or null (invalid pattern, or none simple enough). */
export function patternExample(patternLine: string): string | null {
  const compiled = compileSafeRegex(patternLine);
  if (!compiled.ok) return null;
  const { source, flags } = splitFlags(patternLine);
  const example = exampleOf(parseRegex(source, { dotAll: flags.dotAll }));
  return example !== null && compiled.regex.test(example) ? example : null;
}

/** The format a code-93 field expects, for the signer; null when its pattern is empty or invalid and it has no hint of its own. */
export function patternHint(field: { options?: string | null; label_extra?: string | null }): PatternHint | null {
  const own = String(field.label_extra ?? '').trim();
  if (own) return { kind: 'own', text: own };
  const line = regexPattern(field.options);
  if (!compileSafeRegex(line).ok) return null;
  const example = patternExample(line);
  if (example !== null) return { kind: 'example', text: example };
  const chars = Array.from(line.trim());
  return { kind: 'pattern', text: chars.length > MAX_SHOWN ? `${chars.slice(0, MAX_SHOWN).join('')}…` : chars.join('') };
}
