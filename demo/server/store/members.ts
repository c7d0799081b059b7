/** Group members (memberships with an id and a permission) and invitations to join a group. */
import crypto from 'node:crypto';
import type { Db } from './db.ts';
import { nowIso } from './db.ts';

export interface Member {
  id: string;
  userId: string;
  groupId: string;
  /** 1..6 as in the description's PermissionsEnum. */
  permission: number;
  isGroupAdmin: boolean;
  created: string;
  modified: string;
}

export interface Invitation {
  id: string;
  groupId: string;
  email: string;
  permission: number;
  invitedBy: string | null;
  created: string;
}

type Row = Record<string, string | number | null>;

const toMember = (r: Row): Member => ({
  id: String(r.id),
  userId: String(r.user_id),
  groupId: String(r.group_id),
  permission: Number(r.permission),
  isGroupAdmin: r.is_group_admin === 1,
  created: String(r.created),
  modified: String(r.modified ?? r.created),
});

const toInvitation = (r: Row): Invitation => ({
  id: String(r.id),
  groupId: String(r.group_id),
  email: String(r.email),
  permission: Number(r.permission),
  invitedBy: r.invited_by === null ? null : String(r.invited_by),
  created: String(r.created),
});

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

export class SqliteMemberRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  list(groupIds: string[], limit: number, offset: number): { total: number; members: Member[] } {
    if (groupIds.length === 0) return { total: 0, members: [] };
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM memberships WHERE group_id IN (${marks(groupIds.length)})`).get(...groupIds) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT * FROM memberships WHERE group_id IN (${marks(groupIds.length)}) ORDER BY created, rowid LIMIT ? OFFSET ?`)
      .all(...groupIds, limit, offset) as Row[];
    return { total, members: rows.map(toMember) };
  }

  ofGroup(groupId: string): Member[] {
    return (this.db.prepare('SELECT * FROM memberships WHERE group_id = ? ORDER BY created, rowid').all(groupId) as Row[]).map(toMember);
  }

  get(id: string): Member | undefined {
    const row = this.db.prepare('SELECT * FROM memberships WHERE id = ?').get(id) as Row | undefined;
    return row ? toMember(row) : undefined;
  }

  find(userId: string, groupId: string): Member | undefined {
    const row = this.db.prepare('SELECT * FROM memberships WHERE user_id = ? AND group_id = ?').get(userId, groupId) as Row | undefined;
    return row ? toMember(row) : undefined;
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM memberships WHERE id = ?').run(id);
  }

  invitations(groupIds: string[]): Invitation[] {
    if (groupIds.length === 0) return [];
    return (
      this.db.prepare(`SELECT * FROM group_invitations WHERE group_id IN (${marks(groupIds.length)}) ORDER BY created, rowid`).all(...groupIds) as Row[]
    ).map(toInvitation);
  }

  invitation(id: string): Invitation | undefined {
    const row = this.db.prepare('SELECT * FROM group_invitations WHERE id = ?').get(id) as Row | undefined;
    return row ? toInvitation(row) : undefined;
  }

  findInvitation(groupId: string, email: string): Invitation | undefined {
    const row = this.db.prepare('SELECT * FROM group_invitations WHERE group_id = ? AND email = ?').get(groupId, email) as Row | undefined;
    return row ? toInvitation(row) : undefined;
  }

  invite(groupId: string, email: string, permission: number, invitedBy: string): Invitation {
    const id = crypto.randomUUID();
    this.db
      .prepare('INSERT INTO group_invitations (id, group_id, email, permission, invited_by, created) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, groupId, email, permission, invitedBy, nowIso());
    return this.invitation(id)!;
  }

  removeInvitation(id: string): void {
    this.db.prepare('DELETE FROM group_invitations WHERE id = ?').run(id);
  }

  /** A user who signs up with an invited email joins the groups that invited it (called on user creation). */
  invitationsFor(email: string): Invitation[] {
    return (this.db.prepare('SELECT * FROM group_invitations WHERE email = ? ORDER BY created').all(email) as Row[]).map(toInvitation);
  }
}
