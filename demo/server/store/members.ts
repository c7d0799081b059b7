/** Group members (memberships with an id and a permission) and invitations to join a group. */
import crypto from 'node:crypto';
import type { SqlDb } from './sql.ts';
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

export class SqlMemberRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async list(groupIds: string[], limit: number, offset: number): Promise<{ total: number; members: Member[] }> {
    if (groupIds.length === 0) return { total: 0, members: [] };
    const total = ((await this.db.get(`SELECT COUNT(*) AS n FROM memberships WHERE group_id IN (${marks(groupIds.length)})`, groupIds)) as { n: number }).n;
    const rows = (await this.db.all(`SELECT * FROM memberships WHERE group_id IN (${marks(groupIds.length)}) ORDER BY created, rowid LIMIT ? OFFSET ?`, [
      ...groupIds,
      limit,
      offset,
    ])) as Row[];
    return { total, members: rows.map(toMember) };
  }

  async ofGroup(groupId: string): Promise<Member[]> {
    return ((await this.db.all('SELECT * FROM memberships WHERE group_id = ? ORDER BY created, rowid', [groupId])) as Row[]).map(toMember);
  }

  async get(id: string): Promise<Member | undefined> {
    const row = (await this.db.get('SELECT * FROM memberships WHERE id = ?', [id])) as Row | undefined;
    return row ? toMember(row) : undefined;
  }

  async find(userId: string, groupId: string): Promise<Member | undefined> {
    const row = (await this.db.get('SELECT * FROM memberships WHERE user_id = ? AND group_id = ?', [userId, groupId])) as Row | undefined;
    return row ? toMember(row) : undefined;
  }

  async remove(id: string): Promise<void> {
    await this.db.run('DELETE FROM memberships WHERE id = ?', [id]);
  }

  async invitations(groupIds: string[]): Promise<Invitation[]> {
    if (groupIds.length === 0) return [];
    return (
      (await this.db.all(`SELECT * FROM group_invitations WHERE group_id IN (${marks(groupIds.length)}) ORDER BY created, rowid`, groupIds)) as Row[]
    ).map(toInvitation);
  }

  async invitation(id: string): Promise<Invitation | undefined> {
    const row = (await this.db.get('SELECT * FROM group_invitations WHERE id = ?', [id])) as Row | undefined;
    return row ? toInvitation(row) : undefined;
  }

  async findInvitation(groupId: string, email: string): Promise<Invitation | undefined> {
    const row = (await this.db.get('SELECT * FROM group_invitations WHERE group_id = ? AND email = ?', [groupId, email])) as Row | undefined;
    return row ? toInvitation(row) : undefined;
  }

  async invite(groupId: string, email: string, permission: number, invitedBy: string): Promise<Invitation> {
    const id = crypto.randomUUID();
    await this.db.run('INSERT INTO group_invitations (id, group_id, email, permission, invited_by, created) VALUES (?, ?, ?, ?, ?, ?)', [
      id,
      groupId,
      email,
      permission,
      invitedBy,
      nowIso(),
    ]);
    return (await this.invitation(id))!;
  }

  async removeInvitation(id: string): Promise<void> {
    await this.db.run('DELETE FROM group_invitations WHERE id = ?', [id]);
  }

  /** A user who signs up with an invited email joins the groups that invited it (called on user creation). */
  async invitationsFor(email: string): Promise<Invitation[]> {
    return ((await this.db.all('SELECT * FROM group_invitations WHERE email = ? ORDER BY created', [email])) as Row[]).map(toInvitation);
  }
}
