import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { compileSafeRegex, safeRegexProblem, MAX_INPUT_LENGTH, MAX_PATTERN_LENGTH, type SafeRegex } from './safe-regex.ts';

function compiled(pattern: string): SafeRegex {
  const r = compileSafeRegex(pattern);
  if (!r.ok) assert.fail(`${pattern}: ${r.message}`);
  return r.regex;
}

describe('safe regex: hostile patterns finish in milliseconds', () => {
  const hostile: [string, string][] = [
    ['(a+)+$', `${'a'.repeat(40)}!`],
    ['(a|aa)*b', 'a'.repeat(50)],
    ['(.*a){20}', 'a'.repeat(19) + 'b'.repeat(30)],
    ['(a*)*b', 'a'.repeat(50)],
    ['^(\\w+\\s?)*$', `${'word '.repeat(10)}!`],
    ['(x+x+)+y', 'x'.repeat(50)],
    ['([a-z]+)*[0-9]', 'abcdefghij'.repeat(5)],
  ];
  for (const [pattern, input] of hostile) {
    test(`${pattern} on ${input.length} characters`, () => {
      const regex = compiled(pattern);
      const t0 = performance.now();
      const full = regex.test(input);
      const partial = regex.search(input);
      const elapsed = performance.now() - t0;
      // Backtracking engines take minutes to forever here (2^40 paths and more), so a bound this generous
      // still tells the two apart on a busy CI machine; the speed itself is the bench's business.
      assert.ok(elapsed < 2000, `${pattern} took ${elapsed.toFixed(1)} ms`);
      assert.equal(full, false);
      assert.equal(typeof partial, 'boolean');
    });
  }
  test('the longest accepted input against a big pattern finishes (in milliseconds; bounded generously)', () => {
    const regex = compiled('(.*a){50}(b|c)*x');
    const t0 = performance.now();
    assert.equal(regex.test('a'.repeat(MAX_INPUT_LENGTH)), false);
    // Milliseconds here; a backtracking engine would not finish. Generous for a loaded machine.
    assert.ok(performance.now() - t0 < 5000);
  });
  test('the hostile matches still answer correctly', () => {
    assert.equal(compiled('(a|aa)*b').test(`${'a'.repeat(49)}b`), true);
    assert.equal(compiled('(.*a){20}').test('a'.repeat(20)), true);
    assert.equal(compiled('(a+)+$').test('a'.repeat(40)), true);
  });
});

describe('safe regex: semantics', () => {
  test('the whole value must match; search finds a part', () => {
    const r = compiled('\\d{3}');
    assert.equal(r.test('123'), true);
    assert.equal(r.test('1234'), false);
    assert.equal(r.search('ab1234'), true);
    assert.equal(compiled('a|b').test('a'), true);
    assert.equal(compiled('a|b').test('ab'), false);
  });
  test('flags: (?i) prefix and /.../i literal', () => {
    assert.equal(compiled('(?i)[a-z]+').test('HeLLo'), true);
    assert.equal(compiled('[a-z]+').test('HeLLo'), false);
    assert.equal(compiled('/^abc$/i').test('ABC'), true);
    assert.equal(compiled('(?s)a.b').test('a\nb'), true);
    assert.equal(compiled('a.b').test('a\nb'), false);
    assert.equal(compiled('(?m)a$\\n^b').test('a\nb'), true);
  });
  test('classes, escapes and counted repeats', () => {
    const postcode = compiled('[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}');
    assert.equal(postcode.test('SW1A 1AA'), true);
    assert.equal(postcode.test('SW1A1AA'), true);
    assert.equal(postcode.test('1SW 1AA'), false);
    assert.equal(compiled('[^\\d\\s]+').test('abc'), true);
    assert.equal(compiled('[^\\d\\s]+').test('ab c'), false);
    assert.equal(compiled('\\x41\\u0042\\u{43}').test('ABC'), true);
    assert.equal(compiled('a{2,}').test('a'), false);
    assert.equal(compiled('a{2,}').test('aaaa'), true);
    assert.equal(compiled('a{2,3}?').test('aaa'), true);
    assert.equal(compiled('x{').test('x{'), true);
    assert.equal(compiled('\\bfoo\\b.*').test('foo bar'), true);
    assert.equal(compiled('.*\\Bfoo').test('afoo'), true);
    assert.equal(compiled('(?<year>\\d{4})-(?:\\d\\d)').test('2024-05'), true);
    assert.equal(compiled('[]').test(''), false);
    assert.equal(compiled('[^]*').test('any\nthing'), true);
    assert.equal(compiled('.').test('😀'), true, 'one code point is one character');
  });
});

describe('safe regex: rejected patterns say why', () => {
  const rejected: [string, RegExp][] = [
    ['(a)\\1', /Backreferences/],
    ['(?<n>a)\\k<n>', /Named backreferences/],
    ['\\01', /Octal escapes/],
    ['[\\1]', /Octal escapes/],
    ['a(?=b)', /Lookahead/],
    ['a(?!b)', /Lookahead/],
    ['(?<=a)b', /Lookbehind/],
    ['(?<!a)b', /Lookbehind/],
    ['\\p{L}+', /property escapes/],
    ['(abc', /never closed/],
    ['abc)', /no matching "\("/],
    ['[abc', /never closed/],
    ['*a', /nothing to repeat/],
    ['a**', /Two repeats/],
    ['a{3,1}', /wrong way round/],
    ['a{1001}', /at most 1000/],
    ['[z-a]', /runs backwards/],
    ['^*', /cannot be repeated/],
    ['abc\\', /lone/],
    ['(?x)a', /not supported/],
    ['((a{100}){100}){100}', /too complex/],
    ['', /empty/],
    ['a'.repeat(MAX_PATTERN_LENGTH + 1), /at most 500/],
  ];
  for (const [pattern, message] of rejected) {
    test(pattern.length > 30 ? `${pattern.slice(0, 30)}…` : pattern || '(empty)', () => {
      const problem = safeRegexProblem(pattern);
      assert.ok(problem, 'expected a problem');
      assert.match(problem, message);
    });
  }
  test('inputs over the length cap never match', () => {
    assert.equal(compiled('a*').test('a'.repeat(MAX_INPUT_LENGTH)), true);
    assert.equal(compiled('a*').test('a'.repeat(MAX_INPUT_LENGTH + 1)), false);
  });
});

describe('safe regex agrees with native RegExp on safe patterns (fuzz)', () => {
  // A small deterministic generator of patterns over a tiny alphabet, so native RegExp stays fast.
  let seed = 987654321;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)];
  const atoms = ['a', 'b', 'c', '.', '\\d', '\\w', '\\s', '\\W', '[ab]', '[^a]', '[a-c1]', '[^\\d ]', '\\.', 'x', '1', '[.-]', '\\-'];
  const quantifiers = ['', '', '', '*', '+', '?', '{2}', '{1,2}', '{0,}', '*?', '+?', '{1,3}?'];
  function gen(depth: number): string {
    const parts: string[] = [];
    const length = 1 + rand(3);
    for (let i = 0; i < length; i++) {
      const r = rand(10);
      let atom: string;
      if (r < 2 && depth > 0) atom = `(${gen(depth - 1)})`;
      else if (r === 2 && depth > 0) atom = `(?:${gen(depth - 1)}|${gen(depth - 1)})`;
      else if (r === 3) atom = pick(['^', '$', '\\b', '\\B']);
      else atom = pick(atoms);
      parts.push(atom + (/^(\^|\$|\\b|\\B)$/.test(atom) ? '' : pick(quantifiers)));
    }
    return rand(6) === 0 ? `${parts.join('')}|${pick(atoms)}` : parts.join('');
  }
  const alphabet = ['a', 'b', 'c', '1', ' ', '_', '.', 'A', 'B', 'x', '-', '\n'];
  const input = () => Array.from({ length: rand(9) }, () => pick(alphabet)).join('');

  test('2000 patterns x 12 inputs, full match and search, with flags i, s and m', () => {
    let compared = 0;
    for (let i = 0; i < 2000; i++) {
      const pattern = gen(2);
      const flags = pick(['', '', '', 'i', 's', 'm', 'ims']);
      const ours = compileSafeRegex(flags ? `(?${flags})${pattern}` : pattern);
      if (!ours.ok) assert.fail(`${pattern} was rejected: ${ours.message}`);
      // Start/end of input whatever the m flag does to ^ and $.
      const full = new RegExp(`(?<![\\s\\S])(?:${pattern})(?![\\s\\S])`, flags);
      const partial = new RegExp(pattern, flags);
      for (let k = 0; k < 12; k++) {
        const s = input();
        assert.equal(ours.regex.test(s), full.test(s), `/${pattern}/${flags} full match on ${JSON.stringify(s)}`);
        assert.equal(ours.regex.search(s), partial.test(s), `/${pattern}/${flags} search on ${JSON.stringify(s)}`);
        compared++;
      }
    }
    assert.equal(compared, 24000);
  });
});
