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
}

/** The persistence operations on users; a PostgreSQL store implements the same. */
export interface UserRepository {
  create(input: NewUser): User;
  get(id: string): User | undefined;
  findByEmail(email: string): User | undefined;
  count(): number;
  firstAdmin(): User | undefined;
  addToGroup(userId: string, groupId: string, isGroupAdmin?: boolean): void;
  groupIds(userId: string): string[];
  isMember(userId: string, groupId: string): boolean;
}

interface UserRow {
  id: string; email: string; first_name: string; last_name: string; password_hash: string | null;
  password_permanent: number; is_admin: number; created_by: string | null; created: string; modified: string;
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
    this.db.prepare(
      `INSERT INTO users (id, email, first_name, last_name, password_hash, password_permanent, is_admin, created_by, created, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, input.email, input.firstName ?? '', input.lastName ?? '', input.passwordHash ?? null,
      input.passwordPermanent ? 1 : 0, input.isAdmin ? 1 : 0, input.createdBy ?? null, now, now);
    return this.get(id)!;
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

  addToGroup(userId: string, groupId: string, isGroupAdmin = false): void {
    this.db.prepare(
      `INSERT INTO memberships (user_id, group_id, is_group_admin, created) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, group_id) DO UPDATE SET is_group_admin = MAX(is_group_admin, excluded.is_group_admin)`,
    ).run(userId, groupId, isGroupAdmin ? 1 : 0, nowIso());
  }

  groupIds(userId: string): string[] {
    return (prepared(this.db, 'SELECT group_id FROM memberships WHERE user_id = ? ORDER BY created, group_id').all(userId) as { group_id: string }[])
      .map((row) => row.group_id);
  }

  isMember(userId: string, groupId: string): boolean {
    return this.db.prepare('SELECT 1 FROM memberships WHERE user_id = ? AND group_id = ?').get(userId, groupId) !== undefined;
  }
}
