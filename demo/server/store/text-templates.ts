/** Text templates: HTML/text a document can be sent from, besides template PDFs (the description's /template/). */
import crypto from 'node:crypto';
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';

export interface TextTemplate {
  id: string;
  groupId: string;
  userId: string;
  title: string;
  latestText: string;
  signeeCount: number;
  archived: boolean;
  created: string;
  modified: string;
}

type Row = Record<string, string | number | null>;

const toTemplate = (r: Row): TextTemplate => ({
  id: String(r.id),
  groupId: String(r.group_id),
  userId: String(r.user_id),
  title: String(r.title),
  latestText: String(r.latest_text),
  signeeCount: Number(r.signee_count),
  archived: r.archived === 1,
  created: String(r.created),
  modified: String(r.modified),
});

export class SqlTextTemplateRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async insert(t: { groupId: string; userId: string; title: string; latestText: string; signeeCount: number }): Promise<TextTemplate> {
    const id = crypto.randomUUID();
    const now = nowIso();
    await this.db.run(
      'INSERT INTO text_templates (id, group_id, user_id, title, latest_text, signee_count, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [id, t.groupId, t.userId, t.title, t.latestText, t.signeeCount, now, now],
    );
    return (await this.get(id))!;
  }

  async get(id: string): Promise<TextTemplate | undefined> {
    const row = (await this.db.get('SELECT * FROM text_templates WHERE id = ?', [id])) as Row | undefined;
    return row ? toTemplate(row) : undefined;
  }

  async list(groupIds: string[], archived: boolean | undefined, limit: number, offset: number): Promise<{ total: number; templates: TextTemplate[] }> {
    if (groupIds.length === 0) return { total: 0, templates: [] };
    const where = [`group_id IN (${groupIds.map(() => '?').join(',')})`];
    const params: (string | number)[] = [...groupIds];
    if (archived !== undefined) {
      where.push('archived = ?');
      params.push(+archived);
    }
    const clause = where.join(' AND ');
    const total = ((await this.db.get(`SELECT COUNT(*) AS n FROM text_templates WHERE ${clause}`, params)) as { n: number }).n;
    const rows = (await this.db.all(`SELECT * FROM text_templates WHERE ${clause} ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?`, [
      ...params,
      limit,
      offset,
    ])) as Row[];
    return { total, templates: rows.map(toTemplate) };
  }

  async update(id: string, changes: { title?: string; latestText?: string; signeeCount?: number; archived?: boolean }): Promise<TextTemplate | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as TextTemplate;
    await this.db.run('UPDATE text_templates SET title = ?, latest_text = ?, signee_count = ?, archived = ?, modified = ? WHERE id = ?', [
      next.title,
      next.latestText,
      next.signeeCount,
      +next.archived,
      nowIso(),
      id,
    ]);
    return await this.get(id);
  }
}
