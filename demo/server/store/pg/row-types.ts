/**
 * Type parsers that make PostgreSQL rows look like node:sqlite's, so repositories read one shape on
 * both dialects: `bigint` (sizes, millisecond times, count(*)) and `numeric` (sum(), avg()) arrive as
 * numbers instead of the driver's strings; `bytea` stays a Buffer (a Uint8Array, as SQLite's BLOB).
 * They go on each pool's client config (`types`), never on the driver's global table, so another
 * user of `pg` in the same process keeps its defaults.
 */
import pg from 'pg';

const INT8 = 20;
// Typed as number: the driver's TypeId enum lists no array types.
const INT8_ARRAY: number = 1016;
const NUMERIC = 1700;

/** A bigint that a JavaScript number cannot hold exactly is an error, not a silently rounded value. */
export function int8ToNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`PostgreSQL bigint ${text} is beyond Number.MAX_SAFE_INTEGER; this store reads integers as numbers`);
  }
  return value;
}

function numericToNumber(text: string): number {
  // 'NaN' and 'Infinity' are numeric values too; Number() reads both.
  return Number(text);
}

/** bigint[]: the driver's array parser gives strings; each becomes a number as above. (numeric[] already parses to numbers.) */
function int8ArrayToNumbers(text: string): (number | null)[] | null {
  const entries = pg.types.getTypeParser(INT8_ARRAY, 'text')(text) as (string | null)[] | null;
  return entries?.map((entry) => (entry === null ? null : int8ToNumber(entry))) ?? null;
}

const TEXT_PARSERS = new Map<number, (text: string) => unknown>([
  [INT8, int8ToNumber],
  [NUMERIC, numericToNumber],
  [INT8_ARRAY, int8ArrayToNumbers],
]);

/** For `new pg.Pool({ types: sqliteLikeTypes })`. The driver asks for text-format parsers only (results are text). */
export const sqliteLikeTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text'
      ? (TEXT_PARSERS.get(oid) ?? pg.types.getTypeParser(oid, 'text'))
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
