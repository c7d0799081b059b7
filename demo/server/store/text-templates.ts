/** Text templates: HTML/text a document can be sent from, besides template PDFs (the description's /template/). */
import crypto from 'node:crypto';
import type { Db } from './db.ts';
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

export class SqliteTextTemplateRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  insert(t: { groupId: string; userId: string; title: string; latestText: string; signeeCount: number }): TextTemplate {
    const id = crypto.randomUUID();
    const now = nowIso();
    this.db
      .prepare('INSERT INTO text_templates (id, group_id, user_id, title, latest_text, signee_count, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, t.groupId, t.userId, t.title, t.latestText, t.signeeCount, now, now);
    return this.get(id)!;
  }

  get(id: string): TextTemplate | undefined {
    const row = this.db.prepare('SELECT * FROM text_templates WHERE id = ?').get(id) as Row | undefined;
    return row ? toTemplate(row) : undefined;
  }

  list(groupIds: string[], archived: boolean | undefined, limit: number, offset: number): { total: number; templates: TextTemplate[] } {
    if (groupIds.length === 0) return { total: 0, templates: [] };
    const where = [`group_id IN (${groupIds.map(() => '?').join(',')})`];
    const params: (string | number)[] = [...groupIds];
    if (archived !== undefined) {
      where.push('archived = ?');
      params.push(+archived);
    }
    const clause = where.join(' AND ');
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM text_templates WHERE ${clause}`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT * FROM text_templates WHERE ${clause} ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as Row[];
    return { total, templates: rows.map(toTemplate) };
  }

  update(id: string, changes: { title?: string; latestText?: string; signeeCount?: number; archived?: boolean }): TextTemplate | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as TextTemplate;
    this.db
      .prepare('UPDATE text_templates SET title = ?, latest_text = ?, signee_count = ?, archived = ?, modified = ? WHERE id = ?')
      .run(next.title, next.latestText, next.signeeCount, +next.archived, nowIso(), id);
    return this.get(id);
  }
}
