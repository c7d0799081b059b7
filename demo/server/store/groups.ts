/** Groups (the spec's teams) and their settings. */
import crypto from 'node:crypto';
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';

export interface Group {
  id: string;
  slug: string;
  name: string;
  xframeAllow: boolean;
  /** Comma-separated emails used when a send says `cc: "default"`. */
  defaultCc: string;
  /** Message used when a send gives no message. */
  defaultMessageTemplate: string | null;
  /** Named messages (name → text) a send picks with `message_template`. */
  messageTemplates: Record<string, string>;
  /** Whether signer component tokens may be minted for this group's documents. */
  componentsEnabled: boolean;
  /** Retention policy: deleting a template needs a second member's approval. */
  deletionRequiresApproval: boolean;
  /** Days documents are kept after completion (null: forever). */
  retentionDays: number | null;
  /** Final PDFs get a visible seal stamp on their last page (the signature is there either way; default off). */
  sealVisible: boolean;
  /** Sends ask signers for a code by email unless they say otherwise (`email_verification`; issue 29; default off). */
  emailVerification: boolean;
  /** The description's group properties that only describe the group (name shown to signers, PDF header/footer, …). */
  profile: GroupProfile;
  createdBy: string | null;
  created: string;
  modified: string;
}

export interface GroupProfile {
  publicName: string;
  isActive: boolean;
  xframeAllowPdfEdit: boolean;
  header: string;
  footer: string;
  headerHeight: number;
  footerHeight: number;
  /** 1 = A4, 2 = US Letter (the description leaves the numbers open). */
  pageSize: number;
  defaultEmail: string;
  defaultExtraEmail: string;
}

export const DEFAULT_GROUP_PROFILE: GroupProfile = {
  publicName: '',
  isActive: true,
  xframeAllowPdfEdit: false,
  header: '',
  footer: '',
  headerHeight: 0,
  footerHeight: 0,
  pageSize: 1,
  defaultEmail: '',
  defaultExtraEmail: '',
};

export type GroupSettings = Partial<
  Pick<
    Group,
    | 'xframeAllow'
    | 'defaultCc'
    | 'defaultMessageTemplate'
    | 'messageTemplates'
    | 'componentsEnabled'
    | 'deletionRequiresApproval'
    | 'retentionDays'
    | 'sealVisible'
  >
> & { profile?: Partial<GroupProfile> };

export interface GroupListQuery {
  groupIds: string[];
  limit: number;
  offset: number;
}

export interface GroupRepository {
  create(name: string, settings: GroupSettings, createdBy: string | null): Promise<Group>;
  get(id: string): Promise<Group | undefined>;
  /** Looks a group up by UUID or slug. */
  find(idOrSlug: string): Promise<Group | undefined>;
  list(query: GroupListQuery): Promise<{ total: number; groups: Group[] }>;
  /** How many groups there are, in every tenant. */
  count(): Promise<number>;
  update(id: string, settings: GroupSettings & { name?: string }): Promise<Group | undefined>;
}

interface GroupRow {
  id: string;
  slug: string;
  name: string;
  xframe_allow: number;
  default_cc: string;
  default_message_template: string | null;
  message_templates_json: string;
  profile_json: string;
  components_enabled: number;
  deletion_requires_approval: number;
  retention_days: number | null;
  seal_visible: number;
  /** From group_verification_settings (store/verifications.ts), joined: null when never set. */
  email_verification_default?: number | boolean | null;
  created_by: string | null;
  created: string;
  modified: string;
}

/** A group's row with its verification default, in the one query that reads the group (a send reads it once). */
const GROUP_SELECT =
  'SELECT g.*, v.email_verification AS email_verification_default FROM groups g LEFT JOIN group_verification_settings v ON v.group_id = g.id';

function toGroup(row: GroupRow): Group {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    xframeAllow: row.xframe_allow === 1,
    defaultCc: row.default_cc,
    defaultMessageTemplate: row.default_message_template,
    messageTemplates: JSON.parse(row.message_templates_json) as Record<string, string>,
    componentsEnabled: row.components_enabled === 1,
    deletionRequiresApproval: row.deletion_requires_approval === 1,
    retentionDays: row.retention_days,
    sealVisible: row.seal_visible === 1,
    emailVerification: row.email_verification_default === 1 || row.email_verification_default === true,
    profile: { ...DEFAULT_GROUP_PROFILE, ...(JSON.parse(row.profile_json) as Partial<GroupProfile>) },
    createdBy: row.created_by,
    created: row.created,
    modified: row.modified,
  };
}

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
  return slug || 'group';
}

export class SqlGroupRepository implements GroupRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  private async uniqueSlug(name: string): Promise<string> {
    const base = slugify(name);
    let slug = base;
    for (let n = 2; (await this.db.get('SELECT 1 FROM groups WHERE slug = ?', [slug])) !== undefined; n++) slug = `${base}-${n}`;
    return slug;
  }

  async create(name: string, settings: GroupSettings, createdBy: string | null): Promise<Group> {
    // One transaction: the slug is read free and written before anyone else can take it.
    return this.db.transaction(() => this.insert(name, settings, createdBy));
  }

  private async insert(name: string, settings: GroupSettings, createdBy: string | null): Promise<Group> {
    const now = nowIso();
    const id = crypto.randomUUID();
    await this.db.run(
      `INSERT INTO groups (id, slug, name, xframe_allow, default_cc, default_message_template, message_templates_json, components_enabled,
         deletion_requires_approval, retention_days, seal_visible, profile_json, created_by, created, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        await this.uniqueSlug(name),
        name,
        settings.xframeAllow ? 1 : 0,
        settings.defaultCc ?? '',
        settings.defaultMessageTemplate ?? null,
        JSON.stringify(settings.messageTemplates ?? {}),
        settings.componentsEnabled === false ? 0 : 1,
        settings.deletionRequiresApproval ? 1 : 0,
        settings.retentionDays ?? null,
        settings.sealVisible ? 1 : 0,
        JSON.stringify({ ...DEFAULT_GROUP_PROFILE, ...settings.profile }),
        createdBy,
        now,
        now,
      ],
    );
    return (await this.get(id))!;
  }

  async count(): Promise<number> {
    return Number(((await this.db.get('SELECT COUNT(*) AS n FROM groups')) as { n: number }).n);
  }

  async get(id: string): Promise<Group | undefined> {
    const row = (await this.db.get(`${GROUP_SELECT} WHERE g.id = ?`, [id])) as GroupRow | undefined;
    return row ? toGroup(row) : undefined;
  }

  async find(idOrSlug: string): Promise<Group | undefined> {
    const row = (await this.db.get(`${GROUP_SELECT} WHERE g.id = ? OR g.slug = ?`, [idOrSlug, idOrSlug])) as GroupRow | undefined;
    return row ? toGroup(row) : undefined;
  }

  async list(query: GroupListQuery): Promise<{ total: number; groups: Group[] }> {
    if (query.groupIds.length === 0) return { total: 0, groups: [] };
    const marks = query.groupIds.map(() => '?').join(',');
    const total = ((await this.db.get(`SELECT COUNT(*) AS n FROM groups WHERE id IN (${marks})`, query.groupIds)) as { n: number }).n;
    const rows = (await this.db.all(`${GROUP_SELECT} WHERE g.id IN (${marks}) ORDER BY g.created, g.rowid LIMIT ? OFFSET ?`, [
      ...query.groupIds,
      query.limit,
      query.offset,
    ])) as unknown as GroupRow[];
    return { total, groups: rows.map(toGroup) };
  }

  async update(id: string, settings: GroupSettings & { name?: string }): Promise<Group | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    const { profile, ...rest } = settings;
    const next = { ...current, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) } as Group;
    const nextProfile = { ...current.profile, ...Object.fromEntries(Object.entries(profile ?? {}).filter(([, v]) => v !== undefined)) };
    await this.db.run(
      `UPDATE groups SET name = ?, xframe_allow = ?, default_cc = ?, default_message_template = ?, message_templates_json = ?,
         components_enabled = ?, deletion_requires_approval = ?, retention_days = ?, seal_visible = ?, profile_json = ?, modified = ? WHERE id = ?`,
      [
        next.name,
        next.xframeAllow ? 1 : 0,
        next.defaultCc,
        next.defaultMessageTemplate,
        JSON.stringify(next.messageTemplates),
        next.componentsEnabled ? 1 : 0,
        next.deletionRequiresApproval ? 1 : 0,
        next.retentionDays,
        next.sealVisible ? 1 : 0,
        JSON.stringify(nextProfile),
        nowIso(),
        id,
      ],
    );
    return await this.get(id);
  }
}
