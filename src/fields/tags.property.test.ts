/**
 * Property tests (fast-check, fixed seed) for the text-tag grammar: findTags and parseTag answer for
 * any text (problems, never exceptions), what the scanner finds is where it says, a tag the parser
 * accepts makes an element the element validator accepts, well-formed tags round-trip, and hostile
 * text stays within the grammar's own length limit (a test timeout, not a clock, bounds the work).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findTags, MAX_TAG_LENGTH, parseTag } from './tags.ts';
import { TAG_TYPES } from './tag-types.ts';
import { validateElements } from './validate.ts';

const SEED = 2812;
const RUNS = 300;

const KEYS = ['type', 't', 'signer', 's', 'r', 'required', 'label', 'l', 'validation', 'v', 'options', 'o', 'fontsize', 'fs', 'height', 'h', 'x', ''];
const TYPE_NAMES = Object.keys(TAG_TYPES);

const typeName = fc.oneof(
  fc.constantFrom(...TYPE_NAMES),
  fc.constantFrom(...TYPE_NAMES).map((n) => n.toUpperCase()),
  fc.constantFrom('Signing Date', 'whole-number', 'secret_code', 'Full Name', 'nonsense'),
);
const value = fc.oneof(
  typeName,
  fc.integer({ min: -5, max: 310 }).map(String),
  fc.constantFrom('1', '0', 'yes', 'no', 'true', '12.5', '.5', '+3', '1e3', 'NaN', 'Infinity', ''),
  fc.constantFrom('A|B|C', '^[a-z]+$', '(a+)+$', 'x;y', '"quoted; semi"', '"open'),
  fc.string({ maxLength: 20 }),
);
const part = fc.oneof(
  fc.tuple(fc.constantFrom(...KEYS), value).map(([k, v]) => `${k}=${v}`),
  typeName,
  typeName.chain((n) => fc.integer({ min: 0, max: 300 }).map((d) => `${n}${d}`)),
  fc.string({ maxLength: 12 }),
);
/** Tags built from the grammar's own pieces (most near-valid), plus any text at all. */
const tagText = fc.oneof(
  fc.array(part, { maxLength: 6 }).map((parts) => `<<${parts.join(';')}>>`),
  fc.array(part, { maxLength: 6 }).map((parts) => parts.join(' ; ')),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

test('parseTag answers every input with problems that say what is wrong, never an exception', () => {
  fc.assert(
    fc.property(tagText, (text) => {
      const parsed = parseTag(text);
      assert.equal(parsed.ok, !parsed.problems.some((p) => p.severity === 'error'));
      for (const p of parsed.problems) {
        assert.ok(p.field && p.code && p.message, JSON.stringify(p));
        assert.ok(p.severity === 'error' || p.severity === 'warning');
      }
      if (!parsed.ok) assert.ok(parsed.problems.length > 0);
    }),
    { seed: SEED, numRuns: RUNS * 3 },
  );
});

test('an element a tag makes is one the element validator accepts', () => {
  fc.assert(
    fc.property(tagText, (text) => {
      const parsed = parseTag(text);
      fc.pre(parsed.ok);
      const element = { ax: 0.1, ay: 0.1, bx: 0.4, by: 0.15, page: 1, ...parsed.element };
      const result = validateElements([element]);
      assert.deepEqual(result.problems, [], `${text} -> ${JSON.stringify(parsed.element)}`);
    }),
    { seed: SEED, numRuns: RUNS * 3 },
  );
});

test('a well-formed tag round-trips: the element carries what the tag said', () => {
  const label = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_ -]{0,20}[A-Za-z]$/);
  const signer = fc.oneof(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 101, max: 199 }), fc.integer({ min: 201, max: 299 }));
  fc.assert(
    fc.property(
      fc.constantFrom('signature', 'initials', 'text', 'email', 'date', 'checkbox'),
      signer,
      fc.boolean(),
      label,
      fc.integer({ min: 6, max: 20 }),
      (type, s, required, l, fs) => {
        const tag = `<<t=${type};s=${s};r=${required ? 1 : 0};l="${l}";fs=${fs}>>`;
        const parsed = parseTag(tag);
        assert.deepEqual(parsed.problems, [], tag);
        assert.equal(parsed.element.element_type, TAG_TYPES[type]!.element_type);
        assert.equal(parsed.element.signer, s);
        assert.equal(parsed.element.optional, !required);
        assert.equal(parsed.element.label, l);
        assert.equal(parsed.element.font_size, fs);
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
});

test('findTags: every tag is where it says, in order, on one line and within the length limit', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc
      .array(fc.oneof(fc.constantFrom('<<', '>>', '<', '>', '\n', ' ', 't=signature', ';', '\u2028'), fc.string({ maxLength: 5 })), { maxLength: 80 })
      .map((a) => a.join('')),
  );
  fc.assert(
    fc.property(text, (page) => {
      const { tags, problems } = findTags(page);
      let last = 0;
      for (const tag of tags) {
        assert.ok(tag.start >= last && tag.end > tag.start, 'in order, not overlapping');
        assert.equal(page.slice(tag.start, tag.end), tag.text);
        assert.ok(tag.text.startsWith('<<') && tag.text.endsWith('>>'));
        assert.ok(tag.text.includes(tag.inner));
        assert.doesNotMatch(tag.text, /[\r\n\u2028\u2029]/);
        assert.ok(tag.text.length <= MAX_TAG_LENGTH);
        last = tag.end;
      }
      for (const p of problems) assert.ok(p.start >= 0 && p.start < p.end + 1 && p.end <= page.length && p.message, JSON.stringify(p));
    }),
    { seed: SEED, numRuns: RUNS * 2 },
  );
});

test('findTags finds a tag set in any surrounding text that has no brackets or line breaks', () => {
  const plain = fc.string({ maxLength: 40 }).map((s) => s.replace(/[<>\r\n\u2028\u2029]/g, ''));
  fc.assert(
    fc.property(plain, fc.constantFrom('t=signature;s=2', 'initials', 'Full Name 3', 'l="a;b";t=text'), plain, (before, inner, after) => {
      const { tags } = findTags(`${before}<<${inner}>>${after}`);
      assert.equal(tags.length, 1);
      assert.equal(tags[0]!.inner, inner);
      assert.equal(tags[0]!.start, before.length);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test('hostile text: long runs of brackets, spaces and digits finish within the grammar limit', () => {
  const n = 200_000;
  const hostile = [
    '<<'.repeat(n),
    `<<${'a'.repeat(n)}`,
    `${'<'.repeat(n)}x${'>'.repeat(n)}`,
    `<<${' '.repeat(n)}>>`,
    `<<a${' '.repeat(n)}b>>`,
    `<<${'a;'.repeat(n)}>>`,
    `<<l="${'"'.repeat(n)}>>`,
  ];
  fc.assert(
    fc.property(fc.constantFrom(...hostile), fc.nat({ max: 50 }), (text, cut) => {
      const scan = findTags(text.slice(cut));
      for (const tag of scan.tags) parseTag(tag.text);
      const direct = parseTag(text.slice(cut));
      assert.equal(direct.ok, false);
    }),
    { seed: SEED, numRuns: 20 },
  );
});
