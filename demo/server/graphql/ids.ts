/**
 * GraphQL IDs (GRAPHQL.md §2): base64(3-character type prefix + REST id). Every ID argument takes
 * either that form or the bare REST UUID, so IDs copied from REST answers work unchanged.
 */
export const ID_PREFIXES = ['tpl', 'doc', 'rec', 'rol', 'ele', 'grp', 'usr', 'att', 'bat', 'tsk', 'whk'] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The characters of our ids (UUIDs, slugs); other text takes the general path. */
const ID_CHARACTERS = /^[\w-]*$/;

export function encodeId(prefix: IdPrefix, restId: string): string {
  const text = prefix + restId;
  // For ASCII btoa gives the UTF-8 bytes' base64 at twice Buffer's speed.
  return ID_CHARACTERS.test(text) ? btoa(text) : Buffer.from(text, 'utf8').toString('base64');
}

/**
 * The REST id behind a GraphQL ID of the expected type, or null when the value is neither that
 * type's base64 form nor a bare UUID (the caller answers NotFound, never a 5xx).
 */
export function decodeId(prefix: IdPrefix, value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (UUID.test(value)) return value.toLowerCase();
  if (!BASE64.test(value)) return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  if (!decoded.startsWith(prefix)) return null;
  const rest = decoded.slice(prefix.length);
  // Keys are UUIDs or short slugs: anything with control or non-ASCII characters is not one of ours.
  return /^[A-Za-z0-9_-]{1,100}$/.test(rest) ? (UUID.test(rest) ? rest.toLowerCase() : rest) : null;
}
