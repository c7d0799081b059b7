/** Documents by final-PDF hash: what verification reads to name the document a sealed PDF belongs to. */
import type { Db } from './db.ts';

/** The document whose final PDF has this SHA-256 (hex), if any. */
export function documentIdByFinalHash(db: Db, sha256: string): string | undefined {
  const row = db.prepare('SELECT id FROM documents WHERE final_hash = ? LIMIT 1').get(sha256) as { id: string } | undefined;
  return row?.id;
}
