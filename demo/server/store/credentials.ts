/**
 * What a user signs in with: the SRP salt and verifier (never the password), the TOTP second factor
 * (secret, whether confirmed, the last step used, hashed recovery codes), the sign-out generation and
 * failed-attempt counting. One row per user; a user without a row cannot sign in.
 */
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';

/** What happened to an account: sign-ins, failures, second-factor and key changes (the audit the portal shows). */
export interface AccountEvent {
  userId: string;
  event: string;
  ip: string;
  userAgent: string;
  created: string;
}

export interface Credentials {
  userId: string;
  srpSalt: string;
  srpVerifier: string;
  /** The confirmed TOTP secret; null while the user has no second factor. */
  totpSecret: string | null;
  /** A secret handed out for enrolment, not confirmed yet. */
  totpPending: string | null;
  totpLastStep: number | null;
  recoveryHashes: string[];
  /** Raised by a global sign-out: tokens of an older generation are refused. */
  generation: number;
  failures: number;
  lockedUntil: string | null;
}

type Row = Record<string, string | number | null>;

const toCredentials = (r: Row): Credentials => ({
  userId: String(r.user_id),
  srpSalt: String(r.srp_salt),
  srpVerifier: String(r.srp_verifier),
  totpSecret: r.totp_secret === null ? null : String(r.totp_secret),
  totpPending: r.totp_pending === null ? null : String(r.totp_pending),
  totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
  recoveryHashes: JSON.parse(String(r.recovery_hashes)) as string[],
  generation: Number(r.generation),
  failures: Number(r.failures),
  lockedUntil: r.locked_until === null ? null : String(r.locked_until),
});

export class SqlCredentialRepository {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  async get(userId: string): Promise<Credentials | undefined> {
    const row = (await this.db.get('SELECT * FROM user_credentials WHERE user_id = ?', [userId])) as Row | undefined;
    return row ? toCredentials(row) : undefined;
  }

  /** Sets (or replaces) the verifier: a new password. Failures and the lock are cleared. */
  async setVerifier(userId: string, salt: string, verifier: string): Promise<void> {
    await this.db.run(
      `INSERT INTO user_credentials (user_id, srp_salt, srp_verifier, modified) VALUES (?, ?, ?, ?)
      ON CONFLICT(user_id) DO UPDATE SET srp_salt = excluded.srp_salt, srp_verifier = excluded.srp_verifier, failures = 0, locked_until = NULL, modified = excluded.modified`,
      [userId, salt, verifier, nowIso()],
    );
  }

  async setPendingTotp(userId: string, secret: string | null): Promise<void> {
    await this.db.run('UPDATE user_credentials SET totp_pending = ?, modified = ? WHERE user_id = ?', [secret, nowIso(), userId]);
  }

  /** Confirms the pending secret as the second factor, with its first step used and fresh recovery codes. */
  async enableTotp(userId: string, secret: string, step: number, recoveryHashes: string[]): Promise<void> {
    await this.db.run(
      'UPDATE user_credentials SET totp_secret = ?, totp_pending = NULL, totp_last_step = ?, recovery_hashes = ?, modified = ? WHERE user_id = ?',
      [secret, step, JSON.stringify(recoveryHashes), nowIso(), userId],
    );
  }

  /** Records a code's step unless that step (or a later one) was used already: false means a replay. */
  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const result = await this.db.run(
      'UPDATE user_credentials SET totp_last_step = ?, modified = ? WHERE user_id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)',
      [step, nowIso(), userId, step],
    );
    return Number(result.changes) === 1;
  }

  async setRecoveryHashes(userId: string, hashes: string[]): Promise<void> {
    await this.db.run('UPDATE user_credentials SET recovery_hashes = ?, modified = ? WHERE user_id = ?', [JSON.stringify(hashes), nowIso(), userId]);
  }

  /** Signs the user out everywhere; returns the new generation. */
  async bumpGeneration(userId: string): Promise<number> {
    await this.db.run('UPDATE user_credentials SET generation = generation + 1, modified = ? WHERE user_id = ?', [nowIso(), userId]);
    return (await this.get(userId))?.generation ?? 0;
  }

  /** Counts a failed attempt; `lockAfter` failures lock the account until `lockedUntil`. Returns the count. */
  async recordFailure(userId: string, lockAfter: number, lockedUntil: string): Promise<number> {
    await this.db.run(
      `UPDATE user_credentials SET failures = failures + 1,
      locked_until = CASE WHEN failures + 1 >= ? THEN ? ELSE locked_until END, modified = ? WHERE user_id = ?`,
      [lockAfter, lockedUntil, nowIso(), userId],
    );
    return (await this.get(userId))?.failures ?? 0;
  }

  async recordEvent(userId: string, event: string, client: { ip?: string; userAgent?: string } = {}): Promise<void> {
    await this.db.run('INSERT INTO account_events (user_id, event, ip, user_agent, created) VALUES (?, ?, ?, ?, ?)', [
      userId,
      event,
      client.ip ?? '',
      (client.userAgent ?? '').slice(0, 512),
      nowIso(),
    ]);
  }

  /** The newest events first. */
  async events(userId: string, limit = 100): Promise<AccountEvent[]> {
    const rows = (await this.db.all('SELECT * FROM account_events WHERE user_id = ? ORDER BY id DESC LIMIT ?', [userId, limit])) as Row[];
    return rows.map((r) => ({
      userId: String(r.user_id),
      event: String(r.event),
      ip: String(r.ip),
      userAgent: String(r.user_agent),
      created: String(r.created),
    }));
  }

  async clearFailures(userId: string): Promise<void> {
    await this.db.run(
      'UPDATE user_credentials SET failures = 0, locked_until = NULL, modified = ? WHERE user_id = ? AND (failures > 0 OR locked_until IS NOT NULL)',
      [nowIso(), userId],
    );
  }
}
