/**
 * Upload URLs (issue 17): one row per minted URL, and its status as the file goes through:
 * `pending` (URL minted, nothing received) → `converting` (the PUT arrived; claimed once, which is
 * what makes the URL single-use) → `done` with the template id, or `failed` with the reason.
 * The repository is built from `store.db` by its service (services/uploads/), as store/README says.
 */
import type { Db, Migration } from './db.ts';
import { nowIso, prepared } from './db.ts';

export const uploadMigrations: Migration[] = [
  {
    id: 'upload-001-uploads',
    sql: `
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'converting', 'done', 'failed')),
        options TEXT NOT NULL DEFAULT '{}',
        format TEXT,
        template_id TEXT,
        error_code TEXT,
        error_message TEXT,
        expires TEXT NOT NULL,
        created TEXT NOT NULL,
        modified TEXT NOT NULL
      );
      CREATE INDEX uploads_group ON uploads(group_id, created);
    `,
  },
  {
    id: 'upload-002-promised-template',
    // GraphQL `upload(id)` finds the upload that promised a template by its id.
    sql: `CREATE INDEX uploads_promised_template ON uploads(json_extract(options, '$.templateId'));`,
  },
];

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
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  insert(u: { id: string; groupId: string; userId: string; options: UploadOptions; expires: string }): Upload {
    const now = nowIso();
    prepared(this.db, "INSERT INTO uploads (id, group_id, user_id, status, options, expires, created, modified) VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)").run(
      u.id,
      u.groupId,
      u.userId,
      JSON.stringify(u.options),
      u.expires,
      now,
      now,
    );
    return this.find(u.id)!;
  }

  find(id: string): Upload | undefined {
    const row = prepared(this.db, 'SELECT * FROM uploads WHERE id = ?').get(id) as Row | undefined;
    return row ? toUpload(row) : undefined;
  }

  /** pending → converting, once: false when the upload was already claimed (the URL is single-use). */
  /** The newest upload that promised template `templateId` (GraphQL createTemplate), if any. */
  promising(templateId: string): Upload | undefined {
    const row = prepared(this.db, "SELECT * FROM uploads WHERE json_extract(options, '$.templateId') = ? ORDER BY created DESC, rowid DESC LIMIT 1").get(
      templateId,
    ) as Row | undefined;
    return row ? toUpload(row) : undefined;
  }

  claim(id: string): boolean {
    const result = prepared(this.db, "UPDATE uploads SET status = 'converting', modified = ? WHERE id = ? AND status = 'pending'").run(nowIso(), id);
    return Number(result.changes) === 1;
  }

  setFormat(id: string, format: string): void {
    prepared(this.db, 'UPDATE uploads SET format = ?, modified = ? WHERE id = ?').run(format, nowIso(), id);
  }

  done(id: string, templateId: string): void {
    prepared(this.db, "UPDATE uploads SET status = 'done', template_id = ?, modified = ? WHERE id = ?").run(templateId, nowIso(), id);
  }

  failed(id: string, code: string, message: string): void {
    prepared(this.db, "UPDATE uploads SET status = 'failed', error_code = ?, error_message = ?, modified = ? WHERE id = ?").run(
      code,
      message.slice(0, 2000),
      nowIso(),
      id,
    );
  }

  /** Uploads left `converting` by a server that stopped mid-conversion: failed, so nobody waits forever. */
  failInterrupted(): void {
    prepared(
      this.db,
      "UPDATE uploads SET status = 'failed', error_code = 'interrupted', error_message = 'The server restarted during the conversion; upload the file again.', modified = ? WHERE status = 'converting'",
    ).run(nowIso());
  }
}
