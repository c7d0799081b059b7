/**
 * SRP's SECRET_BLOCK and the sign-in `Session`: the server's state for one sign-in, sealed (AES-256-GCM)
 * and handed to the client, so any server process can continue the exchange without shared memory.
 * Each block carries an id and an expiry; `SingleUse` refuses a block seen before (by any process).
 */
import crypto from 'node:crypto';
import { tokenSecret } from './component-tokens.ts';
import type { SqlSharedStateRepository } from '../store/shared-state.ts';

const keys = new Map<string, Buffer>();

/** A key per purpose, derived from the data directory's secret (never the secret itself). */
function keyFor(dataDir: string, purpose: string): Buffer {
  const id = `${dataDir}\0${purpose}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.createHmac('sha256', tokenSecret(dataDir)).update(`esign sign-in ${purpose} v1`).digest();
    keys.set(id, key);
  }
  return key;
}

export interface Sealed<T> {
  /** Unique per block (single use is tracked by it). */
  id: string;
  /** Milliseconds since the epoch after which the block is refused. */
  expires: number;
  body: T;
}

/** Seals `body` for `ttlMs`; the result is base64 and opaque to the client. */
export function seal<T>(dataDir: string, purpose: string, body: T, ttlMs: number, now = Date.now()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(dataDir, purpose), iv);
  const plain = Buffer.from(JSON.stringify({ id: crypto.randomUUID(), expires: now + ttlMs, body } satisfies Sealed<T>));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

/** The sealed contents, or null when the block is not ours, was altered, or has expired. */
export function open<T>(dataDir: string, purpose: string, block: unknown, now = Date.now()): Sealed<T> | null {
  if (typeof block !== 'string' || block.length > 8192) return null;
  const bytes = Buffer.from(block, 'base64');
  if (bytes.length < 29) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(dataDir, purpose), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const sealed = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as Sealed<T>;
    return typeof sealed.expires === 'number' && sealed.expires > now ? sealed : null;
  } catch {
    return null;
  }
}

/**
 * Block ids already used, in the store until they expire, so a block answered on one server process
 * is refused on every other (store/shared-state.ts).
 */
export class SingleUse {
  private readonly state: SqlSharedStateRepository;
  private lastPrune = 0;

  constructor(state: SqlSharedStateRepository) {
    this.state = state;
  }

  /** True the first time an id is taken (by any process), false after. */
  async take(id: string, expires: number, now = Date.now()): Promise<boolean> {
    if (now - this.lastPrune > 60_000) {
      this.lastPrune = now;
      await this.state.pruneUsed(now);
    }
    return await this.state.takeOnce(id, expires);
  }
}
