/** Template PDFs: metadata and fields in the database, the PDF bytes in the file store. */
import { skipLocked, type SqlDb } from './sql.ts';
import { nowIso } from './db.ts';
import type { PageGeometry } from 'esign-elements/fields';
import type { FieldElement } from 'esign-elements/fields';

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
  insert(template: NewTemplate): Promise<Template>;
  get(id: string): Promise<Template | undefined>;
  list(query: TemplateListQuery): Promise<{ total: number; templates: Template[] }>;
  /** How many templates there are, in every group (deleted ones included until purged). */
  count(): Promise<number>;
  /** Archives the template unless it already is; false when it was (a concurrent send archived it first). */
  archiveIfActive(id: string): Promise<boolean>;
  update(
    id: string,
    changes: Partial<Pick<Template, 'title' | 'archived' | 'fields' | 'report' | 'hideSenderFields' | 'archiveUponSend' | 'fileSize'>>,
  ): Promise<Template | undefined>;
  remove(id: string): Promise<void>;
  /** The template among `groupIds`' that holds the field with this uuid. */
  withElement(groupIds: readonly string[], elementUuid: string): Promise<Template | undefined>;
  /** Templates titled `[deleted]` whose title was last changed before `before`. */
  deletedTitledBefore(before: string): Promise<Template[]>;
  /** Inside a transaction: locks the template if it is still `[deleted]` since before `before`; false when not, or another process holds it (PostgreSQL). */
  lockDeletedTitledBefore(id: string, before: string): Promise<boolean>;
  addDeletionApproval(templateId: string, userId: string): Promise<void>;
  deletionApprovers(templateId: string): Promise<string[]>;
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

export class SqlTemplateRepository implements TemplateRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async insert(t: NewTemplate): Promise<Template> {
    const now = nowIso();
    await this.db.run(
      `INSERT INTO templates (id, group_id, user_id, title, page_count, pages_json, file_size, process_tags, archive_upon_send,
         hide_sender_fields, archived, fields_json, report_json, created, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
      [
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
      ],
    );
    return (await this.get(t.id))!;
  }

  async count(): Promise<number> {
    return Number(((await this.db.get('SELECT COUNT(*) AS n FROM templates')) as { n: number }).n);
  }

  async get(id: string): Promise<Template | undefined> {
    const row = (await this.db.get('SELECT * FROM templates WHERE id = ?', [id])) as TemplateRow | undefined;
    return row ? toTemplate(row) : undefined;
  }

  async list(q: TemplateListQuery): Promise<{ total: number; templates: Template[] }> {
    if (q.groupIds.length === 0) return { total: 0, templates: [] };
    const where = [`group_id IN (${q.groupIds.map(() => '?').join(',')})`];
    const params: (string | number)[] = [...q.groupIds];
    if (q.archived !== undefined) {
      where.push('archived = ?');
      params.push(q.archived ? 1 : 0);
    }
    if (q.titleContains) {
      // SQLite's LIKE ignores ASCII case; PostgreSQL's needs ILIKE for the same answer.
      where.push(`title ${this.db.dialect === 'postgres' ? 'ILIKE' : 'LIKE'} ? ESCAPE '\\'`);
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
    const total = ((await this.db.get(`SELECT COUNT(*) AS n FROM templates WHERE ${clause}`, params)) as { n: number }).n;
    const rows = (await this.db.all(`SELECT * FROM templates WHERE ${clause} ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?`, [
      ...params,
      q.limit,
      q.offset,
    ])) as unknown as TemplateRow[];
    return { total, templates: rows.map(toTemplate) };
  }

  async withElement(groupIds: readonly string[], elementUuid: string): Promise<Template | undefined> {
    if (groupIds.length === 0) return undefined;
    const inGroups = `t.group_id IN (${groupIds.map(() => '?').join(',')})`;
    const row = (await this.db.get(
      this.db.dialect === 'postgres'
        ? `SELECT t.* FROM templates t, jsonb_array_elements(t.fields_json::jsonb) e WHERE ${inGroups} AND e ->> 'uuid' = ? LIMIT 1`
        : `SELECT t.* FROM templates t, json_each(t.fields_json) e WHERE ${inGroups} AND json_extract(e.value, '$.uuid') = ? LIMIT 1`,
      [...groupIds, elementUuid.toLowerCase()],
    )) as unknown as TemplateRow | undefined;
    return row ? toTemplate(row) : undefined;
  }

  async archiveIfActive(id: string): Promise<boolean> {
    const result = await this.db.run('UPDATE templates SET archived = 1, modified = ? WHERE id = ? AND archived = 0', [nowIso(), id]);
    return result.changes === 1;
  }

  async update(
    id: string,
    changes: Partial<Pick<Template, 'title' | 'archived' | 'fields' | 'report' | 'hideSenderFields' | 'archiveUponSend' | 'fileSize'>>,
  ): Promise<Template | undefined> {
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
    await this.db.run(`UPDATE templates SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
    return await this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.run('DELETE FROM templates WHERE id = ?', [id]);
    await this.db.run('DELETE FROM template_roles WHERE template_id = ?', [id]);
  }

  async lockDeletedTitledBefore(id: string, before: string): Promise<boolean> {
    const row = await this.db.get(`SELECT id FROM templates WHERE id = ? AND title = ? AND modified < ?${skipLocked(this.db)}`, [id, DELETED_TITLE, before]);
    return row !== undefined;
  }

  async deletedTitledBefore(before: string): Promise<Template[]> {
    return ((await this.db.all('SELECT * FROM templates WHERE title = ? AND modified < ?', [DELETED_TITLE, before])) as unknown as TemplateRow[]).map(
      toTemplate,
    );
  }

  async addDeletionApproval(templateId: string, userId: string): Promise<void> {
    await this.db.run('INSERT INTO template_deletion_approvals (template_id, user_id, created) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
      templateId,
      userId,
      nowIso(),
    ]);
  }

  async deletionApprovers(templateId: string): Promise<string[]> {
    return (
      (await this.db.all('SELECT user_id FROM template_deletion_approvals WHERE template_id = ? ORDER BY created', [templateId])) as { user_id: string }[]
    ).map((row) => row.user_id);
  }
}
