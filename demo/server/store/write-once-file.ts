/**
 * A secret file made once per data directory (the component-token secret, the sign-in signing key): the
 * first process to need it writes it, and processes that race settle on whichever file landed first
 * (written aside, then hard-linked into place, which fails when the name exists), so no two processes ever
 * use different secrets.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file's bytes, made with `make()` (readable by the owner only) when it does not exist yet. */
export function readOrCreateOnce(file: string, make: () => string | Uint8Array): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, make(), { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    // Another process won the race: theirs is the file.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return fs.readFileSync(file);
}
