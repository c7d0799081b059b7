/** Users and their group memberships. */
import crypto from 'node:crypto';
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  passwordPermanent: boolean;
  isAdmin: boolean;
  createdBy: string | null;
  /** IANA time zone (the description's TimezoneEnum); UTC unless set. */
  timezone: string;
  /** Last sign-in to the web app; null when never. */
  lastLogin: string | null;
  created: string;
  modified: string;
}

export interface NewUser {
  email: string;
  firstName?: string;
  lastName?: string;
  passwordHash?: string | null;
  passwordPermanent?: boolean;
  isAdmin?: boolean;
  createdBy?: string | null;
  timezone?: string;
}

export type UserChanges = Partial<Pick<User, 'firstName' | 'lastName' | 'timezone'>>;

/** The persistence operations on users; a PostgreSQL store implements the same. */
export interface UserRepository {
  create(input: NewUser): Promise<User>;
  get(id: string): Promise<User | undefined>;
  findByEmail(email: string): Promise<User | undefined>;
  count(): Promise<number>;
  firstAdmin(): Promise<User | undefined>;
  update(id: string, changes: UserChanges): Promise<User | undefined>;
  addToGroup(userId: string, groupId: string, isGroupAdmin?: boolean, permission?: number): Promise<void>;
  groupIds(userId: string): Promise<string[]>;
  isMember(userId: string, groupId: string): Promise<boolean>;
  isGroupAdmin(userId: string, groupId: string): Promise<boolean>;
  /** Grants or withdraws a member's group admin rights. */
  setGroupAdmin(userId: string, groupId: string, isGroupAdmin: boolean): Promise<void>;
  /** The groups the user is admin of. */
  adminGroupIds(userId: string): Promise<string[]>;
}

export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  password_permanent: number;
  is_admin: number;
  created_by: string | null;
  created: string;
  modified: string;
  timezone: string;
  last_login: string | null;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash,
    passwordPermanent: row.password_permanent === 1,
    isAdmin: row.is_admin === 1,
    createdBy: row.created_by,
    timezone: row.timezone,
    lastLogin: row.last_login,
    created: row.created,
    modified: row.modified,
  };
}

export class SqlUserRepository implements UserRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async create(input: NewUser): Promise<User> {
    const now = nowIso();
    const id = crypto.randomUUID();
    await this.db.run(
      `INSERT INTO users (id, email, first_name, last_name, password_hash, password_permanent, is_admin, created_by, timezone, created, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        input.email,
        input.firstName ?? '',
        input.lastName ?? '',
        input.passwordHash ?? null,
        input.passwordPermanent ? 1 : 0,
        input.isAdmin ? 1 : 0,
        input.createdBy ?? null,
        input.timezone ?? 'UTC',
        now,
        now,
      ],
    );
    return (await this.get(id))!;
  }

  async update(id: string, changes: UserChanges): Promise<User | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as User;
    await this.db.run('UPDATE users SET first_name = ?, last_name = ?, timezone = ?, modified = ? WHERE id = ?', [
      next.firstName,
      next.lastName,
      next.timezone,
      nowIso(),
      id,
    ]);
    return await this.get(id);
  }

  async get(id: string): Promise<User | undefined> {
    const row = (await this.db.get('SELECT * FROM users WHERE id = ?', [id])) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = (await this.db.get('SELECT * FROM users WHERE email = ?', [email])) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  async count(): Promise<number> {
    return ((await this.db.get('SELECT COUNT(*) AS n FROM users')) as { n: number }).n;
  }

  async firstAdmin(): Promise<User | undefined> {
    const row = (await this.db.get('SELECT * FROM users WHERE is_admin = 1 ORDER BY created, rowid LIMIT 1')) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  async addToGroup(userId: string, groupId: string, isGroupAdmin = false, permission = 1): Promise<void> {
    const now = nowIso();
    await this.db.run(
      `INSERT INTO memberships (id, user_id, group_id, is_group_admin, permission, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, group_id) DO UPDATE SET is_group_admin =
         CASE WHEN excluded.is_group_admin > memberships.is_group_admin THEN excluded.is_group_admin ELSE memberships.is_group_admin END`,
      [crypto.randomUUID(), userId, groupId, isGroupAdmin ? 1 : 0, permission, now, now],
    );
  }

  async groupIds(userId: string): Promise<string[]> {
    return ((await this.db.all('SELECT group_id FROM memberships WHERE user_id = ? ORDER BY created, group_id', [userId])) as { group_id: string }[]).map(
      (row) => row.group_id,
    );
  }

  async isMember(userId: string, groupId: string): Promise<boolean> {
    return (await this.db.get('SELECT 1 FROM memberships WHERE user_id = ? AND group_id = ?', [userId, groupId])) !== undefined;
  }

  async setGroupAdmin(userId: string, groupId: string, isGroupAdmin: boolean): Promise<void> {
    await this.db.run('UPDATE memberships SET is_group_admin = ?, modified = ? WHERE user_id = ? AND group_id = ?', [
      isGroupAdmin ? 1 : 0,
      nowIso(),
      userId,
      groupId,
    ]);
  }

  async isGroupAdmin(userId: string, groupId: string): Promise<boolean> {
    return (await this.db.get('SELECT 1 FROM memberships WHERE user_id = ? AND group_id = ? AND is_group_admin = 1', [userId, groupId])) !== undefined;
  }

  async adminGroupIds(userId: string): Promise<string[]> {
    return ((await this.db.all('SELECT group_id FROM memberships WHERE user_id = ? AND is_group_admin = 1', [userId])) as Array<{ group_id: string }>).map(
      (r) => r.group_id,
    );
  }
}
