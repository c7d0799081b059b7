/** Email attachments: PDFs a group keeps to attach to signers' emails (the description's /attachment/). */
import type { Db } from './db.ts';
import { nowIso } from './db.ts';

export interface EmailAttachment {
  id: string;
  groupId: string;
  userId: string;
  filename: string;
  description: string;
  fileSize: number;
  created: string;
}

type Row = Record<string, string | number | null>;

const toAttachment = (r: Row): EmailAttachment => ({
  id: String(r.id),
  groupId: String(r.group_id),
  userId: String(r.user_id),
  filename: String(r.filename),
  description: String(r.description),
  fileSize: Number(r.file_size),
  created: String(r.created),
});

export const emailAttachmentFileName = (id: string): string => `email-attachment-${id}`;

export class SqliteEmailAttachmentRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  insert(a: Omit<EmailAttachment, 'created'>): EmailAttachment {
    this.db
      .prepare('INSERT INTO email_attachments (id, group_id, user_id, filename, description, file_size, created) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(a.id, a.groupId, a.userId, a.filename, a.description, a.fileSize, nowIso());
    return this.get(a.id)!;
  }

  get(id: string): EmailAttachment | undefined {
    const row = this.db.prepare('SELECT * FROM email_attachments WHERE id = ?').get(id) as Row | undefined;
    return row ? toAttachment(row) : undefined;
  }

  list(groupIds: string[], limit: number, offset: number): { total: number; attachments: EmailAttachment[] } {
    if (groupIds.length === 0) return { total: 0, attachments: [] };
    const marks = groupIds.map(() => '?').join(',');
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM email_attachments WHERE group_id IN (${marks})`).get(...groupIds) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT * FROM email_attachments WHERE group_id IN (${marks}) ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?`)
      .all(...groupIds, limit, offset) as Row[];
    return { total, attachments: rows.map(toAttachment) };
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM email_attachments WHERE id = ?').run(id);
    this.db.prepare('DELETE FROM recipient_email_attachments WHERE attachment_id = ?').run(id);
  }

  /** The files that go with a recipient's invitation (`attachments` on the send), in the order given. */
  attachToRecipient(recipientId: string, attachmentIds: readonly string[]): void {
    const insert = this.db.prepare('INSERT OR IGNORE INTO recipient_email_attachments (recipient_id, attachment_id, position) VALUES (?, ?, ?)');
    attachmentIds.forEach((id, position) => insert.run(recipientId, id, position));
  }

  /** A recipient's invitation files that still exist. */
  ofRecipient(recipientId: string): EmailAttachment[] {
    const rows = this.db
      .prepare('SELECT a.* FROM recipient_email_attachments r JOIN email_attachments a ON a.id = r.attachment_id WHERE r.recipient_id = ? ORDER BY r.position')
      .all(recipientId) as Row[];
    return rows.map(toAttachment);
  }
}
