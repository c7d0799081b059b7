/** Email attachments: PDFs a group keeps to attach to signers' emails (the description's /attachment/). */
import type { SqlDb } from './sql.ts';
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

export class SqlEmailAttachmentRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async insert(a: Omit<EmailAttachment, 'created'>): Promise<EmailAttachment> {
    await this.db.run('INSERT INTO email_attachments (id, group_id, user_id, filename, description, file_size, created) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      a.id,
      a.groupId,
      a.userId,
      a.filename,
      a.description,
      a.fileSize,
      nowIso(),
    ]);
    return (await this.get(a.id))!;
  }

  async get(id: string): Promise<EmailAttachment | undefined> {
    const row = (await this.db.get('SELECT * FROM email_attachments WHERE id = ?', [id])) as Row | undefined;
    return row ? toAttachment(row) : undefined;
  }

  async list(groupIds: string[], limit: number, offset: number): Promise<{ total: number; attachments: EmailAttachment[] }> {
    if (groupIds.length === 0) return { total: 0, attachments: [] };
    const marks = groupIds.map(() => '?').join(',');
    const total = ((await this.db.get(`SELECT COUNT(*) AS n FROM email_attachments WHERE group_id IN (${marks})`, groupIds)) as { n: number }).n;
    const rows = (await this.db.all(`SELECT * FROM email_attachments WHERE group_id IN (${marks}) ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?`, [
      ...groupIds,
      limit,
      offset,
    ])) as Row[];
    return { total, attachments: rows.map(toAttachment) };
  }

  async remove(id: string): Promise<void> {
    await this.db.run('DELETE FROM email_attachments WHERE id = ?', [id]);
    await this.db.run('DELETE FROM recipient_email_attachments WHERE attachment_id = ?', [id]);
  }

  /** The files that go with a recipient's invitation (`attachments` on the send), in the order given. */
  async attachToRecipient(recipientId: string, attachmentIds: readonly string[]): Promise<void> {
    for (const [position, id] of attachmentIds.entries()) {
      await this.db.run('INSERT INTO recipient_email_attachments (recipient_id, attachment_id, position) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
        recipientId,
        id,
        position,
      ]);
    }
  }

  /** A recipient's invitation files that still exist. */
  async ofRecipient(recipientId: string): Promise<EmailAttachment[]> {
    const rows = (await this.db.all(
      'SELECT a.* FROM recipient_email_attachments r JOIN email_attachments a ON a.id = r.attachment_id WHERE r.recipient_id = ? ORDER BY r.position',
      [recipientId],
    )) as Row[];
    return rows.map(toAttachment);
  }
}
