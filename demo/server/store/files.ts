/**
 * Files by name over content-addressed blobs. Services keep using names (`template-<id>`,
 * `doc-<id>`, `att-…`); each name points at a blob named by the SHA-256 of its bytes, stored once
 * however many names point at it (blob-refs.ts counts them). Sending a template links the
 * document's source name to the template's blob instead of copying the bytes; the template being
 * changed later re-points only the template's name, so the document keeps the PDF it was sent with.
 * When a blob's last name goes, its bytes are shredded (overwritten, then unlinked) once no
 * transaction is open. Old flat `files/<name>.pdf` data dirs are imported on open (flat-files-import.ts).
 */
import type { SqlDb } from './sql.ts';
import { sha256Hex } from './blob-backend.ts';
import type { BlobBackend } from './blob-backend.ts';
import { SqliteBlobRefs } from './blob-refs.ts';
import { LocalBlobBackend } from './local-blobs.ts';
import { importFlatFiles } from './flat-files-import.ts';
import { checkBlobs, type BlobCheckOptions, type BlobCheckReport } from './blob-consistency.ts';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

function checkName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name: ${name}`);
  return name;
}

function missing(name: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`no such file: ${name}`);
  error.code = 'ENOENT';
  return error;
}

/** The local backend of a store that uses one (tests that look at blob files on disk). */
export function localBlobs(store: { files: FileStore }): LocalBlobBackend {
  if (!(store.files.blobs instanceof LocalBlobBackend)) throw new Error('this store keeps its blobs in S3, not in <data>/blobs');
  return store.files.blobs;
}

/**
 * Names made from another content's SHA-256 (`<prefix><hash>`): the first page of a PDF rendered as an image
 * and its size (services/signing/first-page-image.ts). They go when that content is shredded, so a document
 * or template deleted under a retention policy leaves no picture of its first page behind.
 */
export const FIRST_PAGE_IMAGE_PREFIX = 'p1i-';
export const FIRST_PAGE_META_PREFIX = 'p1m-';
export const DERIVED_NAME_PREFIXES = [FIRST_PAGE_IMAGE_PREFIX, FIRST_PAGE_META_PREFIX] as const;

export class FileStore {
  readonly dataDir: string;
  /** Where the bytes are: `<dataDir>/blobs` by default, or an S3 bucket (ESIGN_S3_BUCKET). */
  readonly blobs: BlobBackend;
  readonly refs: SqliteBlobRefs;
  private readonly db: SqlDb;

  constructor(dataDir: string, db: SqlDb, blobs: BlobBackend = new LocalBlobBackend(dataDir)) {
    this.db = db;
    this.dataDir = dataDir;
    this.blobs = blobs;
    this.refs = new SqliteBlobRefs(db);
  }

  /** Start-up: imports files of data dirs written before blobs, then shreds what nothing names. */
  async start(): Promise<void> {
    await importFlatFiles(this.dataDir, this.db, this.blobs, this.refs);
    await this.sweep();
  }

  /** Stores the bytes (once per content) and points `name` at them. */
  async write(name: string, bytes: Uint8Array): Promise<void> {
    checkName(name);
    const hash = sha256Hex(bytes);
    await this.blobs.put(hash, bytes); // before the row: a crash leaves at worst an unnamed blob
    await this.db.transaction(async () => {
      await this.refs.bind(name, hash, bytes.byteLength);
      // Another process on the same data dir may have shredded an unreferenced blob of this content
      // after the put above saw it; under the write lock no one can shred it any more.
      if (!(await this.blobs.has(hash))) await this.blobs.put(hash, bytes);
    });
    await this.sweep();
  }

  /**
   * Points `to` at the bytes `from` points at, without copying them. Inside a transaction it is part
   * of it (a send links its source PDF in the transaction that stores the document). The bytes must be
   * in the blob store now: ENOENT when they are gone, the store's 503 when it cannot be reached, so no
   * row is ever committed pointing at bytes the store does not have (a local stat; one HEAD on S3).
   */
  async link(from: string, to: string): Promise<void> {
    checkName(to);
    checkName(from);
    const link = async () => {
      const linked = await this.refs.link(from, to);
      if (!linked || !(await this.blobs.has(linked.hash))) throw missing(from);
      return linked.released;
    };
    const released = this.db.inTransaction() ? await link() : await this.db.transaction(link);
    // Only a blob that lost a reference can have become unreferenced.
    if (released) await this.sweep();
  }

  async read(name: string): Promise<Buffer> {
    const ref = await this.refs.find(checkName(name));
    const bytes = ref && (await this.blobs.get(ref.hash));
    if (!bytes) throw missing(name);
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The bytes as a plain Uint8Array (pdf.js refuses Buffer instances). */
  async readBytes(name: string): Promise<Uint8Array> {
    const buffer = await this.read(name);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }

  async exists(name: string): Promise<boolean> {
    const ref = await this.refs.find(checkName(name));
    return ref !== undefined && (await this.blobs.has(ref.hash));
  }

  async size(name: string): Promise<number> {
    const ref = await this.refs.find(checkName(name));
    if (!ref) throw missing(name);
    return ref.size;
  }

  /** The SHA-256 of the bytes `name` points at (undefined when there is no such file). */
  async hashOf(name: string): Promise<string | undefined> {
    return (await this.refs.find(checkName(name)))?.hash;
  }

  /** The blob store against the reference counts; `repair` fixes what it can (blob-consistency.ts). */
  check(options: BlobCheckOptions = {}): Promise<BlobCheckReport> {
    return checkBlobs(this.db, this.refs, this.blobs, options);
  }

  /** Drops the name; missing names are fine. The bytes are shredded when no other name points at them. */
  async remove(name: string): Promise<void> {
    checkName(name);
    await this.db.transaction(async () => this.refs.unbind(name));
    await this.sweep();
  }

  /** Same as remove: every deletion of the last reference is secure (overwrite, then unlink). */
  async shred(name: string): Promise<void> {
    await this.remove(name);
  }

  /**
   * Shreds blobs no name points at, and with each the names derived from its content (DERIVED_NAME_PREFIXES),
   * whose own blobs go in the second round. Skipped inside an open transaction (it could still roll back
   * and need them); the next call outside one, or the next start, does it.
   */
  async sweep(): Promise<void> {
    if (this.db.inTransaction()) return;
    try {
      for (let round = 0; round < 2; round++) {
        const hashes = await this.refs.unreferenced();
        if (hashes.length === 0) return;
        for (const hash of hashes) {
          // Under the write lock: a process binding this content meanwhile either came first (refs > 0,
          // nothing is shredded) or comes after and finds the bytes gone and writes them again.
          await this.db.transaction(async () => {
            if (!(await this.refs.forget(hash))) return;
            await this.blobs.delete(hash);
            for (const prefix of DERIVED_NAME_PREFIXES) await this.refs.unbind(`${prefix}${hash}`);
          });
        }
      }
    } catch (error) {
      // Clean-up only: the write or removal that called it has committed, and must not answer an error
      // because a store outage (read-only, unreachable) stopped the shredding. The next sweep finishes it.
      console.error('blob sweep deferred:', (error as Error).message);
    }
  }
}
