/**
 * Signing-page previews of HTML documents (`POST /document/preview/`): the rendered PDF and its fields, kept
 * for seconds and handed out once. In the store rather than in memory so that the redirect may land on any
 * process of a deployment.
 */
import type { Db } from './db.ts';
import type { Migration } from './db.ts';
import type { FieldElement } from '../../../src/fields/types.ts';

export const previewMigrations: Migration[] = [
  {
    id: 'preview-001-signing-previews',
    sql: `
      CREATE TABLE signing_previews (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL,
        title TEXT NOT NULL,
        fields TEXT NOT NULL,
        pdf BLOB NOT NULL,
        expires_ms INTEGER NOT NULL
      );
      CREATE INDEX signing_previews_expires ON signing_previews(expires_ms);
    `,
  },
];

export interface SigningPreview {
  id: string;
  groupId: string;
  title: string;
  fields: FieldElement[];
  pdf: Uint8Array;
  expiresMs: number;
}

export class SqliteSigningPreviewRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Stores a preview, first dropping every expired one (they are seconds old: no sweep job needed). */
  insert(p: SigningPreview, now: number): void {
    this.db.prepare('DELETE FROM signing_previews WHERE expires_ms <= ?').run(now);
    this.db
      .prepare('INSERT INTO signing_previews (id, group_id, title, fields, pdf, expires_ms) VALUES (?, ?, ?, ?, ?, ?)')
      .run(p.id, p.groupId, p.title, JSON.stringify(p.fields), p.pdf, p.expiresMs);
  }

  /** The preview, removed in the same statement (one use); undefined when unknown, used or expired. */
  take(id: string, now: number): SigningPreview | undefined {
    const row = this.db.prepare('DELETE FROM signing_previews WHERE id = ? RETURNING *').get(id) as Record<string, unknown> | undefined;
    if (!row || Number(row.expires_ms) <= now) return undefined;
    const pdf = row.pdf as Uint8Array;
    return {
      id: String(row.id),
      groupId: String(row.group_id),
      title: String(row.title),
      fields: JSON.parse(String(row.fields)) as FieldElement[],
      pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      expiresMs: Number(row.expires_ms),
    };
  }
}
