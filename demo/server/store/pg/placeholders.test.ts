import { test } from 'node:test';
import assert from 'node:assert/strict';
import { numberPlaceholders, PlaceholderCache } from './placeholders.ts';

test('placeholders: each ? of plain SQL is numbered in order', () => {
  assert.deepEqual(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?) LIMIT ?'), {
    text: 'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3) LIMIT $4',
    count: 4,
  });
  assert.deepEqual(numberPlaceholders('SELECT 1'), { text: 'SELECT 1', count: 0 });
});

test('placeholders: ? inside string literals, identifiers and comments is left as it is', () => {
  const cases: [string, string][] = [
    ["SELECT 'why?' , ?", "SELECT 'why?' , $1"],
    ["SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1"],
    ["SELECT E'it\\'s ?', ?", "SELECT E'it\\'s ?', $1"],
    ["SELECT e'\\\\', ?", "SELECT e'\\\\', $1"],
    ['SELECT 1 AS "col?", ? AS "a""?"', 'SELECT 1 AS "col?", $1 AS "a""?"'],
    ['SELECT ? -- is it?\n, ?', 'SELECT $1 -- is it?\n, $2'],
    ['SELECT /* a? /* nested? */ still? */ ?', 'SELECT /* a? /* nested? */ still? */ $1'],
    ['SELECT $$ what? $$, $tag$ $$ ? $tag$, ?', 'SELECT $$ what? $$, $tag$ $$ ? $tag$, $1'],
    ['SELECT ?::text, col$1 FROM t WHERE x = ?', 'SELECT $1::text, col$1 FROM t WHERE x = $2'],
  ];
  for (const [sql, expected] of cases) assert.equal(numberPlaceholders(sql).text, expected, sql);
});

test("placeholders: a name ending in E before a quote is not an E'' string", () => {
  // In `name'…'` (not valid SQL, but a scanner must not run past the literal) a backslash is plain text.
  assert.equal(numberPlaceholders("SELECT typE'\\', ?").text, "SELECT typE'\\', $1");
});

test('placeholders: an unterminated literal or comment swallows the rest (PostgreSQL then reports the syntax error)', () => {
  assert.deepEqual(numberPlaceholders("SELECT 'open ?"), { text: "SELECT 'open ?", count: 0 });
  assert.deepEqual(numberPlaceholders('SELECT ? /* open ?'), { text: 'SELECT $1 /* open ?', count: 1 });
});

test('placeholders: the cache answers the same numbering for the same text', () => {
  const cache = new PlaceholderCache();
  const first = cache.get('SELECT ?');
  assert.equal(cache.get('SELECT ?'), first);
  assert.equal(first.text, 'SELECT $1');
  for (let i = 0; i < 1500; i++) assert.equal(cache.get(`SELECT ? + ${i}`).count, 1);
});
