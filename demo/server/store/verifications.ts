/**
 * One-time codes before signing (services/signing/verification.ts): the codes sent to a recipient
 * (only an HMAC of each, never the code) and the recipient's verification state.
 */
import type { SqlDb } from './sql.ts';

export type VerificationChannel = 'sms' | 'email';
export type VerifiedHow = VerificationChannel | 'sender';

export interface VerificationCode {
  id: string;
  recipientId: string;
  channel: VerificationChannel;
  codeHash: string;
  createdMs: number;
  expiresMs: number;
  attempts: number;
  usedMs: number | null;
}

export interface RecipientVerification {
  requiredChannel: VerificationChannel | null;
  verifiedMs: number | null;
  verifiedHow: VerifiedHow | null;
}

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function code(r: Row): VerificationCode {
  return {
    id: String(r.id),
    recipientId: String(r.recipient_id),
    channel: r.channel as VerificationChannel,
    codeHash: String(r.code_hash),
    createdMs: Number(r.created_ms),
    expiresMs: Number(r.expires_ms),
    attempts: Number(r.attempts),
    usedMs: num(r.used_ms),
  };
}

export class SqlVerificationRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async state(recipientId: string): Promise<RecipientVerification | undefined> {
    const r = (await this.db.get('SELECT required_channel, verified_ms, verified_how FROM recipient_verifications WHERE recipient_id = ?', [recipientId])) as
      Row | undefined;
    if (!r) return undefined;
    return {
      requiredChannel: (r.required_channel as VerificationChannel | null) ?? null,
      verifiedMs: num(r.verified_ms),
      verifiedHow: (r.verified_how as VerifiedHow | null) ?? null,
    };
  }

  /** Asks for a channel at send (email verification); a number alone asks for sms without a row. */
  async requireChannel(recipientId: string, channel: VerificationChannel): Promise<void> {
    await this.db.run(
      'INSERT INTO recipient_verifications (recipient_id, required_channel) VALUES (?, ?) ON CONFLICT (recipient_id) DO UPDATE SET required_channel = excluded.required_channel',
      [recipientId, channel],
    );
  }

  /** The group's default for `email_verification` at send (off unless set). */
  async groupEmailVerification(groupId: string): Promise<boolean> {
    const r = (await this.db.get('SELECT email_verification FROM group_verification_settings WHERE group_id = ?', [groupId])) as Row | undefined;
    return Boolean(r && Number(r.email_verification));
  }

  async setGroupEmailVerification(groupId: string, on: boolean): Promise<void> {
    await this.db.run(
      'INSERT INTO group_verification_settings (group_id, email_verification) VALUES (?, ?) ON CONFLICT (group_id) DO UPDATE SET email_verification = excluded.email_verification',
      [groupId, on ? 1 : 0],
    );
  }

  async markVerified(recipientId: string, how: VerifiedHow, ms: number): Promise<void> {
    await this.db.run(
      'INSERT INTO recipient_verifications (recipient_id, verified_ms, verified_how) VALUES (?, ?, ?) ON CONFLICT (recipient_id) DO UPDATE SET verified_ms = excluded.verified_ms, verified_how = excluded.verified_how',
      [recipientId, ms, how],
    );
  }

  async addCode(c: Omit<VerificationCode, 'attempts' | 'usedMs'>): Promise<void> {
    await this.db.run('INSERT INTO verification_codes (id, recipient_id, channel, code_hash, created_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?)', [
      c.id,
      c.recipientId,
      c.channel,
      c.codeHash,
      c.createdMs,
      c.expiresMs,
    ]);
  }

  /** The newest code sent to a recipient (a new send replaces the older ones). */
  async latestCode(recipientId: string): Promise<VerificationCode | undefined> {
    const r = (await this.db.get('SELECT * FROM verification_codes WHERE recipient_id = ? ORDER BY created_ms DESC, id DESC LIMIT 1', [recipientId])) as
      Row | undefined;
    return r ? code(r) : undefined;
  }

  async sentSince(recipientId: string, sinceMs: number): Promise<number[]> {
    const rows = (await this.db.all('SELECT created_ms FROM verification_codes WHERE recipient_id = ? AND created_ms >= ? ORDER BY created_ms', [
      recipientId,
      sinceMs,
    ])) as Row[];
    return rows.map((r) => Number(r.created_ms));
  }

  /** Counts one wrong try; answers the tries now counted (atomic, so parallel guesses all count). */
  async addAttempt(codeId: string): Promise<number> {
    await this.db.run('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ?', [codeId]);
    const r = (await this.db.get('SELECT attempts FROM verification_codes WHERE id = ?', [codeId])) as Row;
    return Number(r.attempts);
  }

  /** Spends a code once; false when it was already spent. */
  async useCode(codeId: string, ms: number): Promise<boolean> {
    return Number((await this.db.run('UPDATE verification_codes SET used_ms = ? WHERE id = ? AND used_ms IS NULL', [ms, codeId])).changes) === 1;
  }
}
