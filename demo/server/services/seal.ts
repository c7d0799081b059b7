/**
 * The server's sealing: which key seals (ESIGN_SEAL_P12 or the data directory's generated
 * certificate, loaded once per data directory), whether the group wants the visible stamp, the
 * timestamp authority (ESIGN_TSA_URL). The PDF work itself is pdf/seal.ts.
 */
import path from 'node:path';
import type { Store } from '../store/index.ts';
import { loadSealKey, sealKeyOptionsFromEnv, type SealKey } from '../pdf/seal-key.ts';
import type { SealOptions } from '../pdf/seal.ts';

const keys = new Map<string, SealKey>();

/** The sealing key of a data directory (generated there on first use when no P12 is configured). */
export function sealKeyFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): SealKey {
  const options = sealKeyOptionsFromEnv(dataDir, env);
  const cacheKey = `${path.resolve(dataDir)}\0${options.p12Path ?? ''}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = loadSealKey(options);
    keys.set(cacheKey, key);
  }
  return key;
}

export function dataDirOf(store: Store): string {
  return store.files.dataDir;
}

export function sealKeyOf(store: Store): SealKey {
  return sealKeyFor(dataDirOf(store));
}

/** Plain data (the key is a KeyObject, which worker threads can receive): what seals a document of `groupId` now. */
export type ServerSeal = Pick<SealOptions, 'tsaUrl' | 'signedAt' | 'reason'> & { key: SealKey; visible: boolean };

export async function sealFor(store: Store, groupId: string | null, reason: string): Promise<ServerSeal> {
  return {
    key: sealKeyOf(store),
    visible: groupId ? (await store.groups.get(groupId))?.sealVisible === true : false,
    tsaUrl: process.env.ESIGN_TSA_URL || undefined,
    signedAt: new Date(),
    reason,
  };
}
