/**
 * Real PDFs for tests and benchmarks, from the shared fixture folder
 * (`../shared/fixtures/pdfs` beside the repository, or `ESIGN_FIXTURES`). Node only.
 */
import { readFileSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folder holding the fixture PDFs. */
export function fixturesDir(): string {
  const fromEnv = process.env.ESIGN_FIXTURES;
  return fromEnv ? resolve(fromEnv) : resolve(REPO_ROOT, '../shared/fixtures/pdfs');
}

/** Absolute path of a fixture by file name, e.g. `fixturePath('pdfjs-rotation.pdf')`; throws if it is missing. */
export function fixturePath(name: string): string {
  if (name.includes('/') || name.includes('\\')) throw new Error(`Fixture names are plain file names, not paths: ${name}`);
  const path = join(fixturesDir(), name);
  if (!existsSync(path)) throw new Error(`Fixture ${name} not found in ${fixturesDir()} (set ESIGN_FIXTURES to the folder holding it).`);
  return path;
}

/** The bytes of a fixture. */
export async function readFixture(name: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(fixturePath(name)));
}

/** The bytes of a fixture, synchronously (for module-level setup). */
export function readFixtureSync(name: string): Uint8Array {
  return new Uint8Array(readFileSync(fixturePath(name)));
}
