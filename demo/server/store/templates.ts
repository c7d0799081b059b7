/** Template PDFs: metadata and fields in the database, the PDF bytes in the file store. */
import type { Db } from './db.ts';
import { nowIso } from './db.ts';
import type { PageGeometry } from '../../../src/fields/geometry.ts';
import type { FieldElement } from '../../../src/fields/types.ts';

export const DELETED_TITLE = '[deleted]';

/** Page boxes as inspectPdf reports them (src/fields/geometry.ts). */
export type StoredPageGeometry = PageGeometry;
export interface Template {
  id: string;
  groupId: string;
  userId: string;
  title: string;
  pageCount: number;
  pages: StoredPageGeometry[];
  fileSize: number;
  processTags: boolean;
  archiveUponSend: boolean;
  hideSenderFields: boolean;
  archived: boolean;
  fields: FieldElement[];
  /** What upload processing did (tags found, form fields imported, warnings). */
  report: Record<string, unknown>;
  created: string;
  modified: string;
}

export type NewTemplate = Omit<Template, 'created' | 'modified' | 'archived'>;

export interface TemplateListQuery {
  groupIds: string[];
  limit: number;
  offset: number;
  /** undefined: both archived and live templates. */
  archived?: boolean;
  titleContains?: string;
  createdGt?: string;
  modifiedGt?: string;
}

export interface TemplateRepository {
  insert(template: NewTemplate): Template;
  get(id: string): Template | undefined;
  list(query: TemplateListQuery): { total: number; templates: Template[] };
  /** How many templates there are, in every group (deleted ones included until purged). */
  count(): number;
  update(
    id: string,
    changes: Partial<Pick<Template, 'title' | 'archived' | 'fields' | 'report' | 'hideSenderFields' | 'archiveUponSend' | 'fileSize'>>,
  ): Template | undefined;
  remove(id: string): void;
  /** The template among `groupIds`' that holds the field with this uuid. */
  withElement(groupIds: readonly string[], elementUuid: string): Template | undefined;
  /** Templates titled `[deleted]` whose title was last changed before `before`. */
  deletedTitledBefore(before: string): Template[];
  addDeletionApproval(templateId: string, userId: string): void;
  deletionApprovers(templateId: string): string[];
}

interface TemplateRow {
  id: string;
  group_id: string;
  user_id: string;
  title: string;
  page_count: number;
  pages_json: string;
  file_size: number;
  process_tags: number;
  archive_upon_send: number;
  hide_sender_fields: number;
  archived: number;
  fields_json: string;
  report_json: string;
  created: string;
  modified: string;
}

function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    groupId: row.group_id,
    userId: row.user_id,
    title: row.title,
    pageCount: row.page_count,
    pages: JSON.parse(row.pages_json) as StoredPageGeometry[],
    fileSize: row.file_size,
    processTags: row.process_tags === 1,
    archiveUponSend: row.archive_upon_send === 1,
    hideSenderFields: row.hide_sender_fields === 1,
    archived: row.archived === 1,
    fields: JSON.parse(row.fields_json) as FieldElement[],
    report: JSON.parse(row.report_json) as Record<string, unknown>,
    created: row.created,
    modified: row.modified,
  };
}

export class SqliteTemplateRepository implements TemplateRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  insert(t: NewTemplate): Template {
    const now = nowIso();
    this.db
      .prepare(
        `INSERT INTO templates (id, group_id, user_id, title, page_count, pages_json, file_size, process_tags, archive_upon_send,
         hide_sender_fields, archived, fields_json, report_json, created, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
      )
      .run(
        t.id,
        t.groupId,
        t.userId,
        t.title,
        t.pageCount,
        JSON.stringify(t.pages),
        t.fileSize,
        t.processTags ? 1 : 0,
        t.archiveUponSend ? 1 : 0,
        t.hideSenderFields ? 1 : 0,
        JSON.stringify(t.fields),
        JSON.stringify(t.report),
        now,
        now,
      );
    return this.get(t.id)!;
  }

  count(): number {
    return Number((this.db.prepare('SELECT COUNT(*) AS n FROM templates').get() as { n: number }).n);
  }

  get(id: string): Template | undefined {
    const row = this.db.prepare('SELECT * FROM templates WHERE id = ?').get(id) as TemplateRow | undefined;
    return row ? toTemplate(row) : undefined;
  }

  list(q: TemplateListQuery): { total: number; templates: Template[] } {
    if (q.groupIds.length === 0) return { total: 0, templates: [] };
    const where = [`group_id IN (${q.groupIds.map(() => '?').join(',')})`];
    const params: (string | number)[] = [...q.groupIds];
    if (q.archived !== undefined) {
      where.push('archived = ?');
      params.push(q.archived ? 1 : 0);
    }
    if (q.titleContains) {
      where.push("title LIKE ? ESCAPE '\\'");
      params.push(`%${q.titleContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (q.createdGt) {
      where.push('created > ?');
      params.push(q.createdGt);
    }
    if (q.modifiedGt) {
      where.push('modified > ?');
      params.push(q.modifiedGt);
    }
    const clause = where.join(' AND ');
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM templates WHERE ${clause}`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT * FROM templates WHERE ${clause} ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?`)
      .all(...params, q.limit, q.offset) as unknown as TemplateRow[];
    return { total, templates: rows.map(toTemplate) };
  }

  withElement(groupIds: readonly string[], elementUuid: string): Template | undefined {
    if (groupIds.length === 0) return undefined;
    const row = this.db
      .prepare(
        `SELECT t.* FROM templates t, json_each(t.fields_json) e
         WHERE t.group_id IN (${groupIds.map(() => '?').join(',')}) AND json_extract(e.value, '$.uuid') = ? LIMIT 1`,
      )
      .get(...groupIds, elementUuid.toLowerCase()) as unknown as TemplateRow | undefined;
    return row ? toTemplate(row) : undefined;
  }

  update(
    id: string,
    changes: Partial<Pick<Template, 'title' | 'archived' | 'fields' | 'report' | 'hideSenderFields' | 'archiveUponSend' | 'fileSize'>>,
  ): Template | undefined {
    const sets: string[] = [];
    const params: (string | number)[] = [];
    if (changes.title !== undefined) {
      sets.push('title = ?');
      params.push(changes.title);
    }
    if (changes.archived !== undefined) {
      sets.push('archived = ?');
      params.push(changes.archived ? 1 : 0);
    }
    if (changes.fields !== undefined) {
      sets.push('fields_json = ?');
      params.push(JSON.stringify(changes.fields));
    }
    if (changes.report !== undefined) {
      sets.push('report_json = ?');
      params.push(JSON.stringify(changes.report));
    }
    if (changes.hideSenderFields !== undefined) {
      sets.push('hide_sender_fields = ?');
      params.push(changes.hideSenderFields ? 1 : 0);
    }
    if (changes.archiveUponSend !== undefined) {
      sets.push('archive_upon_send = ?');
      params.push(changes.archiveUponSend ? 1 : 0);
    }
    if (changes.fileSize !== undefined) {
      sets.push('file_size = ?');
      params.push(changes.fileSize);
    }
    sets.push('modified = ?');
    params.push(nowIso());
    this.db.prepare(`UPDATE templates SET ${sets.join(', ')} WHERE id = ?`).run(...params, id);
    return this.get(id);
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM templates WHERE id = ?').run(id);
    this.db.prepare('DELETE FROM template_roles WHERE template_id = ?').run(id);
  }

  deletedTitledBefore(before: string): Template[] {
    return (this.db.prepare('SELECT * FROM templates WHERE title = ? AND modified < ?').all(DELETED_TITLE, before) as unknown as TemplateRow[]).map(toTemplate);
  }

  addDeletionApproval(templateId: string, userId: string): void {
    this.db.prepare('INSERT OR IGNORE INTO template_deletion_approvals (template_id, user_id, created) VALUES (?, ?, ?)').run(templateId, userId, nowIso());
  }

  deletionApprovers(templateId: string): string[] {
    return (
      this.db.prepare('SELECT user_id FROM template_deletion_approvals WHERE template_id = ? ORDER BY created').all(templateId) as { user_id: string }[]
    ).map((row) => row.user_id);
  }
}
