/**
 * The key files of a data directory (component-token secret, sign-in signing key, generated seal key),
 * shared through PostgreSQL so every `serve` process of a deployment signs and verifies with the same
 * keys, also on machines that do not share the data directory (issue 14). At start, before any key is
 * used: a key the database holds is written into the data directory (replacing a different local one);
 * a key only the data directory holds (or a new one) is offered to the database, and the first process's
 * wins. The rest of the server keeps reading the files as before. On SQLite there is nothing to do: the
 * database is a file in the same data directory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Store } from '../store/index.ts';
import { readOrCreateOnce } from '../store/write-once-file.ts';
import { generateSelfSignedPem, SEAL_KEY_FILE } from '../pdf/seal-key.ts';

interface SecretFile {
  name: string;
  make: () => string | Uint8Array;
}

function secretFiles(env: NodeJS.ProcessEnv): SecretFile[] {
  return [
    { name: 'component-token.secret', make: () => crypto.randomBytes(32) },
    {
      name: 'sign-in-key.pem',
      make: () => String(crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' })),
    },
    // With ESIGN_SEAL_P12 every process reads the operator's file instead.
    ...(env.ESIGN_SEAL_P12 ? [] : [{ name: SEAL_KEY_FILE, make: () => generateSelfSignedPem() }]),
  ];
}

/** Replaces a file in one rename (readers see the old bytes or the new ones), owner-readable only. */
function writeSecret(file: string, bytes: Uint8Array): void {
  const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, bytes, { mode: 0o600 });
  fs.renameSync(temp, file);
}

/** Makes the data directory's key files the deployment's (see above); returns the names it rewrote. */
export async function shareSecretFiles(store: Store, dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  if (store.sql.dialect !== 'postgres') return [];
  const rewritten: string[] = [];
  for (const { name, make } of secretFiles(env)) {
    const file = path.join(dataDir, name);
    const shared = (await store.sharedState.secret(name)) ?? (await store.sharedState.shareSecret(name, readOrCreateOnce(file, make)));
    const local = fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    if (local?.equals(shared)) continue;
    fs.mkdirSync(dataDir, { recursive: true });
    writeSecret(file, shared);
    rewritten.push(name);
  }
  return rewritten;
}
