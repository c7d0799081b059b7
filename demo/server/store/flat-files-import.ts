/**
 * Data dirs written before content-addressed blobs kept every file flat in `<dataDir>/files/<name>.pdf`.
 * On first open each one is hashed, stored as a blob (once per content) and named in `blob_names`,
 * then the flat file is removed. Crash-safe per file: the
 * name row is written before the flat file goes, and a name already imported is only cleaned up.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SqlDb } from './sql.ts';
import { sha256Hex } from './blob-backend.ts';
import type { SqliteBlobRefs } from './blob-refs.ts';
import type { BlobBackend } from './blob-backend.ts';

const FLAT_FILE = /^([A-Za-z0-9_-]{1,100})\.pdf$/;
const FLAT_TEMP = /\.pdf\.\d+-[0-9a-f]+\.tmp$/;

/** Returns how many files were imported. */
export async function importFlatFiles(dataDir: string, db: SqlDb, blobs: BlobBackend, refs: SqliteBlobRefs): Promise<number> {
  const dir = path.join(dataDir, 'files');
  if (!fs.existsSync(dir)) return 0;
  let imported = 0;
  for (const entry of fs.readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (FLAT_TEMP.test(entry)) {
      fs.rmSync(file, { force: true }); // a write the old code never finished
      continue;
    }
    const m = FLAT_FILE.exec(entry);
    if (!m) continue;
    const name = m[1];
    if (await refs.find(name)) {
      fs.rmSync(file, { force: true }); // imported before a crash; its bytes are in the blob
      continue;
    }
    const bytes = fs.readFileSync(file);
    const hash = sha256Hex(bytes);
    // The blob first (so a row never names missing bytes), then the row, then the flat file goes;
    // a crash anywhere in between leaves the flat file, which the next start imports again.
    await blobs.put(hash, bytes);
    await db.transaction(async () => refs.bind(name, hash, bytes.byteLength));
    fs.rmSync(file, { force: true });
    imported++;
  }
  if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  return imported;
}
