/**
 * Signing-page previews of HTML documents (`POST /document/preview/`): the rendered PDF and its fields, kept
 * for seconds and handed out once. In the store rather than in memory so that the redirect may land on any
 * process of a deployment.
 */
import type { SqlDb } from './sql.ts';
import type { FieldElement } from 'esign-elements/fields';

export interface SigningPreview {
  id: string;
  groupId: string;
  title: string;
  fields: FieldElement[];
  pdf: Uint8Array;
  expiresMs: number;
}

export class SqlSigningPreviewRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  /** Stores a preview, first dropping every expired one (they are seconds old: no sweep job needed). */
  async insert(p: SigningPreview, now: number): Promise<void> {
    await this.db.run('DELETE FROM signing_previews WHERE expires_ms <= ?', [now]);
    await this.db.run('INSERT INTO signing_previews (id, group_id, title, fields, pdf, expires_ms) VALUES (?, ?, ?, ?, ?, ?)', [
      p.id,
      p.groupId,
      p.title,
      JSON.stringify(p.fields),
      p.pdf,
      p.expiresMs,
    ]);
  }

  /** The preview, removed in the same statement (one use); undefined when unknown, used or expired. */
  async take(id: string, now: number): Promise<SigningPreview | undefined> {
    const row = (await this.db.get('DELETE FROM signing_previews WHERE id = ? RETURNING *', [id])) as Record<string, unknown> | undefined;
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
