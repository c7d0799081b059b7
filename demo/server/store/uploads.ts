/**
 * Upload URLs (issue 17): one row per minted URL, and its status as the file goes through:
 * `pending` (URL minted, nothing received) → `converting` (the PUT arrived; claimed once, which is
 * what makes the URL single-use) → `done` with the template id, or `failed` with the reason.
 * The repository is built from `store.db` by its service (services/uploads/), as store/README says.
 */
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';

export type UploadStatus = 'pending' | 'converting' | 'done' | 'failed';

export interface UploadOptions {
  /** The id the template will get (GraphQL createTemplate answers it before the file arrives). */
  templateId?: string;
  title?: string;
  processTags: boolean;
  archiveUponSend: boolean;
  hideSenderFields: boolean;
}

export interface Upload {
  id: string;
  groupId: string;
  userId: string;
  status: UploadStatus;
  options: UploadOptions;
  format: string | null;
  templateId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  expires: string;
  created: string;
  modified: string;
}

type Row = Record<string, string | null>;

const toUpload = (r: Row): Upload => ({
  id: String(r.id),
  groupId: String(r.group_id),
  userId: String(r.user_id),
  status: r.status as UploadStatus,
  options: JSON.parse(String(r.options)) as UploadOptions,
  format: r.format,
  templateId: r.template_id,
  errorCode: r.error_code,
  errorMessage: r.error_message,
  expires: String(r.expires),
  created: String(r.created),
  modified: String(r.modified),
});

export class UploadRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async insert(u: { id: string; groupId: string; userId: string; options: UploadOptions; expires: string }): Promise<Upload> {
    const now = nowIso();
    await this.db.run("INSERT INTO uploads (id, group_id, user_id, status, options, expires, created, modified) VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)", [
      u.id,
      u.groupId,
      u.userId,
      JSON.stringify(u.options),
      u.expires,
      now,
      now,
    ]);
    return (await this.find(u.id))!;
  }

  async find(id: string): Promise<Upload | undefined> {
    const row = (await this.db.get('SELECT * FROM uploads WHERE id = ?', [id])) as Row | undefined;
    return row ? toUpload(row) : undefined;
  }

  /** The newest upload that promised template `templateId` (GraphQL createTemplate), if any. */
  async promising(templateId: string): Promise<Upload | undefined> {
    // The same expression as each dialect's index uploads_promised_template.
    const promised = this.db.dialect === 'postgres' ? "(options::jsonb ->> 'templateId')" : "json_extract(options, '$.templateId')";
    const row = (await this.db.get(`SELECT * FROM uploads WHERE ${promised} = ? ORDER BY created DESC, rowid DESC LIMIT 1`, [templateId])) as Row | undefined;
    return row ? toUpload(row) : undefined;
  }

  /** pending → converting, once: false when the upload was already claimed (the URL is single-use). */
  async claim(id: string): Promise<boolean> {
    const result = await this.db.run("UPDATE uploads SET status = 'converting', modified = ? WHERE id = ? AND status = 'pending'", [nowIso(), id]);
    return Number(result.changes) === 1;
  }

  async setFormat(id: string, format: string): Promise<void> {
    await this.db.run('UPDATE uploads SET format = ?, modified = ? WHERE id = ?', [format, nowIso(), id]);
  }

  async done(id: string, templateId: string): Promise<void> {
    await this.db.run("UPDATE uploads SET status = 'done', template_id = ?, modified = ? WHERE id = ?", [templateId, nowIso(), id]);
  }

  async failed(id: string, code: string, message: string): Promise<void> {
    await this.db.run("UPDATE uploads SET status = 'failed', error_code = ?, error_message = ?, modified = ? WHERE id = ?", [
      code,
      message.slice(0, 2000),
      nowIso(),
      id,
    ]);
  }

  /** Uploads left `converting` by a server that stopped mid-conversion: failed, so nobody waits forever. */
  async failInterrupted(): Promise<void> {
    await this.db.run(
      "UPDATE uploads SET status = 'failed', error_code = 'interrupted', error_message = 'The server restarted during the conversion; upload the file again.', modified = ? WHERE status = 'converting'",
      [nowIso()],
    );
  }
}
