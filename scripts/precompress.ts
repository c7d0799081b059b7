/**
 * Precompressed copies of the built static files, for the server to send as they are (demo/server/routes/static.ts
 * picks one by the request's Accept-Encoding): `x.js.br` (Brotli, quality 11) and `x.js.gz` (gzip, level 9)
 * beside every compressible file of 1 KB or more, each only when it is smaller than the file. Source maps, type
 * declarations and pdf.js's data folders are left out (see SKIPPED_DIRS).
 *
 *   node scripts/precompress.ts <dir>...      (scripts/build.ts calls precompress() as its last step)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing ahead: the text files pages load. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/i;
const SKIPPED = /\.(?:map|d\.ts)$/i;
const MIN_BYTES = 1024;
/**
 * Type declarations, and pdf.js's data folders: fetched only by the rare PDF that needs them (the server
 * compresses those on request), and kept exactly as pdfjs-dist ships them.
 */
const SKIPPED_DIRS = new Set(['types', 'cmaps', 'standard_fonts', 'wasm', 'iccs']);

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* filesUnder(path);
    } else if (COMPRESSIBLE.test(entry.name) && !SKIPPED.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

/**
 * Writes the .br and .gz copies for every compressible file under `dirs`; answers how many files and bytes.
 * Brotli `quality` 11 (the default) is what the signing page's files get: it is about 10% smaller than 9
 * and 30 times slower, which matters for the megabytes of a developer tool (the GraphQL explorer) only.
 */
export async function precompress(dirs: string[], quality = 11): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = dirs.flatMap((dir) => [...filesUnder(dir)]);
  let bytes = 0;
  let brotliBytes = 0;
  // A few at a time: zlib's async work runs on libuv's thread pool.
  for (let i = 0; i < files.length; i += 4) {
    await Promise.all(
      files.slice(i, i + 4).map(async (file) => {
        const data = readFileSync(file);
        const [br, gz] = await Promise.all([
          brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          gzipAsync(data, { level: 9 }),
        ]);
        bytes += data.length;
        brotliBytes += Math.min(br.length, data.length);
        if (br.length < data.length) writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
      }),
    );
  }
  return { files: files.length, bytes, brotliBytes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/precompress.ts <dir>...');
    process.exit(1);
  }
  const { files, bytes, brotliBytes } = await precompress(dirs);
  console.log(`${files} files, ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB with Brotli`);
}
