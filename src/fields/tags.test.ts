import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { findTags, parseTag, MAX_TAG_LENGTH } from './tags.ts';

const errors = (r: ReturnType<typeof parseTag>) => r.problems.filter((p) => p.severity === 'error');

describe('findTags', () => {
  test('finds every tag with its indices', () => {
    const text = 'Sign here: <<t=signature>> and initial <<initials2>> date <<t=date;s=2>>.';
    const { tags, problems } = findTags(text);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      tags.map((t) => t.text),
      ['<<t=signature>>', '<<initials2>>', '<<t=date;s=2>>'],
    );
    for (const t of tags) assert.equal(text.slice(t.start, t.end), t.text);
    assert.equal(tags[0].start, 11);
    assert.equal(tags[0].inner, 't=signature');
  });
  test('extra brackets belong to the tag', () => {
    const { tags } = findTags('x <<<t=signature>>> y');
    assert.equal(tags.length, 1);
    assert.equal(tags[0].text, '<<<t=signature>>>');
    assert.equal(tags[0].inner, 't=signature');
  });
  test('reports an unterminated << and still finds the tags after it', () => {
    const { tags, problems } = findTags('if a << b then <<t=signature>>');
    assert.deepEqual(
      tags.map((t) => t.text),
      ['<<t=signature>>'],
    );
    assert.equal(problems.length, 1);
    assert.equal(problems[0].code, 'unterminated_tag');
    assert.equal(problems[0].start, 5);
    assert.match(problems[0].message, /no closing ">>"/);
  });
  test('a tag may not run across a line break', () => {
    const { tags, problems } = findTags('<<t=sig\nnature>>');
    assert.equal(tags.length, 0);
    assert.equal(problems[0].code, 'unterminated_tag');
    assert.equal(problems[0].end, 7);
  });
  test('a << at the very end and an empty text', () => {
    assert.equal(findTags('end <<').problems.length, 1);
    assert.deepEqual(findTags(''), { tags: [], problems: [] });
    assert.deepEqual(findTags('no tags >> here').tags, []);
  });
  test('an over-long tag is reported, not matched', () => {
    const { tags, problems } = findTags(`<<l=${'a'.repeat(MAX_TAG_LENGTH)}>>`);
    assert.equal(tags.length, 0);
    assert.equal(problems[0].code, 'tag_too_long');
  });
  test('hostile text: runs of openers without a close find only the real tag', () => {
    // How the scan's time grows with such text is measured in `npm run bench -- fields`
    // (tags_hostile_growth_ratio), not here: timings fail on busy machines.
    const nested = findTags('<<'.repeat(5000) + '<<t=signature>>' + '>>'.repeat(5000));
    assert.deepEqual(nested.tags, []);
    assert.deepEqual(
      nested.problems.map((p) => p.code),
      ['tag_too_long'],
      'one over-long tag, not 5,000 problems',
    );
    for (const text of ['<< '.repeat(5000), '<<x\n'.repeat(5000)]) {
      const { tags, problems } = findTags(text);
      assert.equal(tags.length, 0);
      assert.equal(problems.length, 5000, 'every unterminated opener is reported once');
      assert.ok(problems.every((p) => p.code === 'unterminated_tag'));
    }
  });
});

describe('parseTag: the minimal tag and keys', () => {
  test('<<t=signature>> is signer 1, required', () => {
    const r = parseTag('<<t=signature>>');
    assert.equal(r.ok, true);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.element, { element_type: 'signature', signer: 1 });
    assert.equal(r.height, null);
  });
  test('long and short keys are the same', () => {
    const long = parseTag('type=text;signer=3;required=0;label=Your Name;validation=1;fontsize=12;height=2');
    const short = parseTag('t=text; s=3; r=0; l=Your Name; v=1; fs=12; h=2');
    assert.equal(long.ok, true);
    assert.deepEqual(long, short);
    assert.deepEqual(short.element, { element_type: 'text', signer: 3, optional: true, label: 'Your Name', validation: 1, font_size: 12 });
    assert.equal(short.height, 2);
  });
  test('r=1 is required and keys are case-insensitive', () => {
    assert.equal(parseTag('T=Signature;R=1').element.optional, false);
  });
  test('witnesses and approvers', () => {
    assert.equal(parseTag('t=signature;s=101').element.signer, 101);
    assert.equal(parseTag('t=signature;s=299').element.signer, 299);
  });
});

describe('parseTag: types', () => {
  test('date is a typed date, 2 unless v= says', () => {
    assert.deepEqual(parseTag('t=date').element, { element_type: 'text', signer: 1, validation: 2 });
    assert.equal(parseTag('t=date;v=4').element.validation, 4);
    assert.equal(parseTag('t=date;v=48').element.validation, 48);
    assert.equal(parseTag('t=date;v=1').ok, false);
  });
  test('checkbox is 25 unless v=24 or 26', () => {
    assert.equal(parseTag('t=checkbox').element.validation, 25);
    assert.equal(parseTag('t=checkbox;v=24').element.validation, 24);
    assert.equal(parseTag('t=checkbox;v=26').element.validation, 26);
    const bad = parseTag('t=checkbox;v=20');
    assert.equal(bad.ok, false);
    assert.match(errors(bad)[0].message, /does not suit a checkbox field/);
  });
  test('admin and sender are sender fields, signer 0', () => {
    assert.deepEqual(parseTag('t=admin').element, { element_type: 'admin', signer: 0, validation: null });
    assert.equal(parseTag('t=sender').element.element_type, 'admin');
    assert.equal(parseTag('t=admin;s=0').ok, true);
  });
  test('other type names map to their codes', () => {
    const cases: [string, number][] = [
      ['email', 1],
      ['number', 51],
      ['whole-number', 50],
      ['currency', 52],
      ['signing date', 48],
      ['uppercase', 78],
      ['lowercase', 79],
      ['titlecase', 77],
      ['country', 91],
      ['honorific', 92],
      ['drawn', 90],
      ['attachment', 74],
      ['monthyear', 81],
    ];
    for (const [name, code] of cases) {
      const r = parseTag(`t=${name}`);
      assert.equal(r.ok, true, name);
      assert.equal(r.element.validation, code, name);
    }
  });
  test('a text field takes any validation code', () => {
    assert.equal(parseTag('t=text;v=57').element.validation, 57);
    assert.equal(parseTag('t=text').element.validation, null);
  });
  test('digits needs v=', () => {
    assert.equal(parseTag('t=digits').ok, false);
    assert.equal(parseTag('t=digits;v=60').element.validation, 60);
  });
  test('dropdown items are separated by |', () => {
    const r = parseTag('t=dropdown;o=Red| Green |Blue');
    assert.equal(r.ok, true);
    assert.equal(r.element.options, 'Red\nGreen\nBlue');
    assert.equal(parseTag('t=dropdown').ok, false);
  });
  test('a quoted value may hold ";"', () => {
    const r = parseTag('t=regex;o="^[a-z]+;[0-9]$"');
    assert.equal(r.ok, true);
    assert.equal(r.element.options, '^[a-z]+;[0-9]$');
  });
  test('secret and regex need options', () => {
    assert.equal(parseTag('t=secret').ok, false);
    assert.equal(parseTag('t=secret;o=1234').element.options, '1234');
    assert.equal(parseTag('t=regex').ok, false);
  });
});

describe('parseTag: shortcuts', () => {
  test('<<signature>>, <<initials2>>, <<Date>>', () => {
    assert.deepEqual(parseTag('<<signature>>').element, { element_type: 'signature', signer: 1 });
    assert.deepEqual(parseTag('<<initials2>>').element, { element_type: 'initials', signer: 2 });
    assert.deepEqual(parseTag('<<Date>>').element, { element_type: 'text', signer: 1, validation: 2 });
    assert.deepEqual(parseTag('<<signature 102>>').element, { element_type: 'signature', signer: 102 });
  });
  test('<<Full Name>> is a text field labelled Full Name; a trailing number is the signer', () => {
    assert.deepEqual(parseTag('<<Full Name>>').element, { element_type: 'text', signer: 1, validation: null, label: 'Full Name' });
    assert.deepEqual(parseTag('<<Full Name2>>').element, { element_type: 'text', signer: 2, validation: null, label: 'Full Name' });
    assert.deepEqual(parseTag('<<Full Name 3>>').element.signer, 3);
  });
  test('a shortcut may be followed by keys', () => {
    assert.deepEqual(parseTag('<<Full Name;r=0>>').element, { element_type: 'text', signer: 1, validation: null, label: 'Full Name', optional: true });
  });
});

describe('parseTag: problems, never throws', () => {
  const bad: [string, RegExp][] = [
    ['<<>>', /empty/],
    ['<<t=stamp>>', /"stamp" is not a field type/],
    ['<<t=signature;s=0>>', /Signer "0" is not valid/],
    ['<<t=signature;s=100>>', /Signer "100"/],
    ['<<t=signature;s=abc>>', /Signer "abc"/],
    ['<<signature300>>', /Signer 300/],
    ['<<t=text;r=maybe>>', /r=1 \(required\) or r=0/],
    ['<<t=text;v=21>>', /not a known validation code/],
    ['<<t=text;v=x>>', /not a known validation code/],
    ['<<t=signature;v=1>>', /takes no validation/],
    ['<<t=text;fs=30>>', /from 6 to 20/],
    ['<<t=text;h=0>>', /line-height multiple/],
    ['<<t=text;h=abc>>', /line-height multiple/],
    ['<<t=text;l=Name: here>>', /remove ":"/],
    [`<<t=text;l=${'x'.repeat(61)}>>`, /at most 60/],
    ['<<s=2>>', /no field type/],
    ['<<t=text;t=signature>>', /twice/],
    ['<<t=text;Name>>', /not a key=value pair/],
    ['<<initials2;s=3>>', /signer twice/],
    ['<<Name: here>>', /neither a field type nor a usable label/],
    ['<<t=text;l="open>>', /never closes/],
  ];
  for (const [tag, message] of bad) {
    test(tag.length > 40 ? tag.slice(0, 40) : tag, () => {
      const r = parseTag(tag);
      assert.equal(r.ok, false);
      assert.ok(
        errors(r).some((p) => message.test(p.message)),
        JSON.stringify(r.problems),
      );
      for (const p of r.problems) assert.ok(p.message.length > 10 && p.field && p.code);
    });
  }
  test('unknown keys are warnings and the field is still made', () => {
    const r = parseTag('<<t=signature;colour=red>>');
    assert.equal(r.ok, true);
    assert.equal(r.problems[0].code, 'unknown_key');
    assert.match(r.problems[0].message, /"colour" is not known/);
  });
  test('h= is ignored for signature and initials, with a warning', () => {
    const r = parseTag('t=initials;h=3');
    assert.equal(r.ok, true);
    assert.equal(r.height, null);
    assert.equal(r.problems[0].code, 'ignored_key');
  });
  test('odd input never throws', () => {
    for (const odd of [null, undefined, 42, '<<', '>>', ';;;', '=', '==', 't=', '"', '<<t=signature;;>>', '\u0000', 's=1;'.repeat(100)]) {
      assert.doesNotThrow(() => parseTag(odd as unknown as string));
    }
    assert.equal(parseTag('<<t=signature;;>>').ok, true);
  });
});
