/**
 * Template roles (GraphQL createTemplateRole & co.): the named parties of a template, in order. A role's
 * signer index is the number the template's fields use for that party (n signer, 100+n witness, 200+n approver).
 */
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';

export type RoleType = 'SIGNER' | 'APPROVER' | 'WITNESS';

export interface TemplateRole {
  id: string;
  templateId: string;
  name: string;
  roleType: RoleType;
  signerIndex: number;
  ordinal: number;
  signerParent: string | null;
  experience: string | null;
  created: string;
  modified: string;
}

export type RoleChanges = Partial<Pick<TemplateRole, 'name' | 'roleType' | 'signerIndex' | 'ordinal' | 'signerParent' | 'experience'>>;

interface RoleRow {
  id: string;
  template_id: string;
  name: string;
  role_type: RoleType;
  signer_index: number;
  ordinal: number;
  signer_parent: string | null;
  experience: string | null;
  created: string;
  modified: string;
}

const toRole = (r: RoleRow): TemplateRole => ({
  id: r.id,
  templateId: r.template_id,
  name: r.name,
  roleType: r.role_type,
  signerIndex: Number(r.signer_index),
  ordinal: Number(r.ordinal),
  signerParent: r.signer_parent,
  experience: r.experience,
  created: r.created,
  modified: r.modified,
});

const COLUMNS: Record<keyof RoleChanges, string> = {
  name: 'name',
  roleType: 'role_type',
  signerIndex: 'signer_index',
  ordinal: 'ordinal',
  signerParent: 'signer_parent',
  experience: 'experience',
};

export class SqlTemplateRoleRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async insert(role: Omit<TemplateRole, 'created' | 'modified'>): Promise<TemplateRole> {
    const now = nowIso();
    await this.db.run(
      `INSERT INTO template_roles (id, template_id, name, role_type, signer_index, ordinal, signer_parent, experience, created, modified)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [role.id, role.templateId, role.name, role.roleType, role.signerIndex, role.ordinal, role.signerParent, role.experience, now, now],
    );
    return (await this.get(role.id))!;
  }

  async get(id: string): Promise<TemplateRole | undefined> {
    const row = (await this.db.get('SELECT * FROM template_roles WHERE id = ?', [id])) as unknown as RoleRow | undefined;
    return row ? toRole(row) : undefined;
  }

  /** A template's roles in their order. */
  async ofTemplate(templateId: string): Promise<TemplateRole[]> {
    return ((await this.db.all('SELECT * FROM template_roles WHERE template_id = ? ORDER BY ordinal, signer_index', [templateId])) as unknown as RoleRow[]).map(
      toRole,
    );
  }

  /** Every role of these templates, by template id (one query for a whole request). */
  async ofTemplates(templateIds: readonly string[]): Promise<Map<string, TemplateRole[]>> {
    const byTemplate = new Map<string, TemplateRole[]>();
    if (templateIds.length === 0) return byTemplate;
    const rows = (await this.db.all(
      `SELECT * FROM template_roles WHERE template_id IN (${templateIds.map(() => '?').join(',')}) ORDER BY ordinal, signer_index`,
      templateIds,
    )) as unknown as RoleRow[];
    for (const row of rows) {
      const list = byTemplate.get(row.template_id) ?? [];
      list.push(toRole(row));
      byTemplate.set(row.template_id, list);
    }
    return byTemplate;
  }

  async update(id: string, changes: RoleChanges): Promise<TemplateRole | undefined> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as [keyof RoleChanges, string | number | null][];
    if (entries.length > 0) {
      const sets = entries.map(([k]) => `${COLUMNS[k]} = ?`).join(', ');
      await this.db.run(`UPDATE template_roles SET ${sets}, modified = ? WHERE id = ?`, [...entries.map(([, v]) => v), nowIso(), id]);
    }
    return await this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.run('DELETE FROM template_roles WHERE id = ?', [id]);
  }
}
