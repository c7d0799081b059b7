/**
 * Repositories write `?` placeholders (the one SQL text serves both dialects); PostgreSQL wants
 * `$1, $2, …`. This numbers every `?` that is SQL, and leaves alone the ones PostgreSQL would read
 * as text: inside '…' and E'…' string literals, "…" identifiers, $tag$…$tag$ bodies, and -- and
 * /* … *\/ comments. PostgreSQL's own `?` operators (jsonb `?`, `?|`, `?&`) cannot be told apart
 * from placeholders, so SQL for this store must not use them (write `jsonb_exists(…)` instead).
 */

export interface NumberedSql {
  text: string;
  /** How many placeholders the text has: a params array of another length is a caller's bug. */
  count: number;
}

/** Where the scanner is: in plain SQL, or inside something whose `?` is not a placeholder. */
type Quoted = { end: string; backslashEscapes: boolean };

const IDENTIFIER_CHAR = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/;

export function numberPlaceholders(sql: string): NumberedSql {
  let text = '';
  let count = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    const next = sql[i + 1];
    if (char === '?') {
      text += `$${++count}`;
      i++;
      continue;
    }
    const skipped = skipQuoted(sql, i, char, next);
    text += sql.slice(i, skipped);
    i = skipped;
  }
  return { text, count };
}

/** From `i`, the index just past a literal, identifier or comment starting there; `i + 1` if none does. */
function skipQuoted(sql: string, i: number, char: string, next: string | undefined): number {
  if (char === '-' && next === '-') {
    const end = sql.indexOf('\n', i);
    return end === -1 ? sql.length : end + 1;
  }
  if (char === '/' && next === '*') return skipBlockComment(sql, i);
  if (char === "'") {
    // E'…' strings take backslash escapes (E'it\'s'); the E must start a word, not end one (name'…' is no E-string).
    const prefix = sql[i - 1];
    const escaped = (prefix === 'E' || prefix === 'e') && !IDENTIFIER_CHAR.test(sql[i - 2] ?? '');
    return skipTo(sql, i + 1, { end: "'", backslashEscapes: escaped });
  }
  if (char === '"') return skipTo(sql, i + 1, { end: '"', backslashEscapes: false });
  if (char === '$' && !IDENTIFIER_CHAR.test(sql[i - 1] ?? '')) {
    const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))?.[0];
    if (tag) {
      const end = sql.indexOf(tag, i + tag.length);
      return end === -1 ? sql.length : end + tag.length;
    }
  }
  return i + 1;
}

/** Past the closing quote; a doubled quote ('' or "") is an escaped one, not the end. */
function skipTo(sql: string, from: number, quoted: Quoted): number {
  let i = from;
  while (i < sql.length) {
    const char = sql[i];
    if (quoted.backslashEscapes && char === '\\') {
      i += 2;
      continue;
    }
    if (char === quoted.end) {
      if (sql[i + 1] === quoted.end) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length;
}

/** PostgreSQL block comments nest: /* a /* b *\/ c *\/ is one comment. */
function skipBlockComment(sql: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return sql.length;
}

const CACHE_LIMIT = 1000;

/**
 * The numbered text per SQL text. Repositories use a few hundred fixed texts; dynamic ones (IN lists
 * of many lengths) must not grow the cache without bound, so it starts over when full.
 */
export class PlaceholderCache {
  private readonly texts = new Map<string, NumberedSql>();

  get(sql: string): NumberedSql {
    let numbered = this.texts.get(sql);
    if (!numbered) {
      if (this.texts.size >= CACHE_LIMIT) this.texts.clear();
      numbered = numberPlaceholders(sql);
      this.texts.set(sql, numbered);
    }
    return numbered;
  }
}
