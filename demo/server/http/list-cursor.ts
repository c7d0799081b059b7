/**
 * The opaque `cursor` behind document list `next`/`previous` URLs (keyset pagination): where the
 * page starts in list order (the created time and row of the edge document), which way, and the
 * offset that page stands at (so `meta.offset` stays meaningful). Base64url JSON; clients pass it
 * back unchanged. A page found by cursor costs its size, however deep it is; `offset` links still work.
 */
import type { ListKey, ListKeyset } from '../store/document-list.ts';
import { badRequest } from './errors.ts';

export interface ListCursor {
  keyset: ListKeyset;
  offset: number;
}

export function encodeListCursor(key: ListKey, direction: ListKeyset['direction'], offset: number): string {
  return Buffer.from(JSON.stringify([key.created, key.rowid, direction === 'next' ? 'n' : 'p', offset])).toString('base64url');
}

export function decodeListCursor(cursor: string): ListCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 4 ||
    typeof value[0] !== 'string' ||
    value[0].length > 40 ||
    !Number.isSafeInteger(value[1]) ||
    (value[2] !== 'n' && value[2] !== 'p') ||
    !Number.isSafeInteger(value[3]) ||
    value[3] < 0
  ) {
    throw badRequest(
      'cursor is not one this server gave out: follow meta.next / meta.previous as they are.',
      [{ field: 'cursor', message: 'is not a valid list cursor' }],
      'invalid_cursor',
    );
  }
  return { keyset: { created: value[0], rowid: value[1] as number, direction: value[2] === 'n' ? 'next' : 'previous' }, offset: value[3] as number };
}
