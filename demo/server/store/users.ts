/** Users and their group memberships. */
import crypto from 'node:crypto';
import type { Db } from './db.ts';
import { nowIso, prepared } from './db.ts';

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
  create(input: NewUser): User;
  get(id: string): User | undefined;
  findByEmail(email: string): User | undefined;
  count(): number;
  firstAdmin(): User | undefined;
  update(id: string, changes: UserChanges): User | undefined;
  addToGroup(userId: string, groupId: string, isGroupAdmin?: boolean, permission?: number): void;
  groupIds(userId: string): string[];
  isMember(userId: string, groupId: string): boolean;
  isGroupAdmin(userId: string, groupId: string): boolean;
  /** The groups the user is admin of. */
  adminGroupIds(userId: string): string[];
}

interface UserRow {
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

function toUser(row: UserRow): User {
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

export class SqliteUserRepository implements UserRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  create(input: NewUser): User {
    const now = nowIso();
    const id = crypto.randomUUID();
    this.db
      .prepare(
        `INSERT INTO users (id, email, first_name, last_name, password_hash, password_permanent, is_admin, created_by, timezone, created, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
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
      );
    return this.get(id)!;
  }

  update(id: string, changes: UserChanges): User | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as User;
    this.db
      .prepare('UPDATE users SET first_name = ?, last_name = ?, timezone = ?, modified = ? WHERE id = ?')
      .run(next.firstName, next.lastName, next.timezone, nowIso(), id);
    return this.get(id);
  }

  get(id: string): User | undefined {
    const row = prepared(this.db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  findByEmail(email: string): User | undefined {
    const row = this.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  }

  firstAdmin(): User | undefined {
    const row = this.db.prepare('SELECT * FROM users WHERE is_admin = 1 ORDER BY created, rowid LIMIT 1').get() as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  addToGroup(userId: string, groupId: string, isGroupAdmin = false, permission = 1): void {
    const now = nowIso();
    this.db
      .prepare(
        `INSERT INTO memberships (id, user_id, group_id, is_group_admin, permission, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, group_id) DO UPDATE SET is_group_admin = MAX(is_group_admin, excluded.is_group_admin)`,
      )
      .run(crypto.randomUUID(), userId, groupId, isGroupAdmin ? 1 : 0, permission, now, now);
  }

  groupIds(userId: string): string[] {
    return (prepared(this.db, 'SELECT group_id FROM memberships WHERE user_id = ? ORDER BY created, group_id').all(userId) as { group_id: string }[]).map(
      (row) => row.group_id,
    );
  }

  isMember(userId: string, groupId: string): boolean {
    return this.db.prepare('SELECT 1 FROM memberships WHERE user_id = ? AND group_id = ?').get(userId, groupId) !== undefined;
  }

  isGroupAdmin(userId: string, groupId: string): boolean {
    return this.db.prepare('SELECT 1 FROM memberships WHERE user_id = ? AND group_id = ? AND is_group_admin = 1').get(userId, groupId) !== undefined;
  }

  adminGroupIds(userId: string): string[] {
    return (this.db.prepare('SELECT group_id FROM memberships WHERE user_id = ? AND is_group_admin = 1').all(userId) as Array<{ group_id: string }>).map(
      (r) => r.group_id,
    );
  }
}
