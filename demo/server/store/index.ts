/**
 * The store: one database plus the PDF file store, and one repository per aggregate, created
 * here once. Everything outside store/ reaches data through these properties (never SQL, never
 * `db`); several calls that must commit together go in `store.transaction(() => ...)`.
 */
import { SqlSharedStateRepository } from './shared-state.ts';
import { SqlSigningPreviewRepository } from './signing-previews.ts';
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase, openReader, runMigrations } from './db.ts';
import type { SqlDb, TransactionOptions } from './sql.ts';
import { SqliteSqlDb } from './sqlite-db.ts';
import { FileStore } from './files.ts';
import { migrations } from './sqlite/migrations.ts';
import { SqlUserRepository } from './users.ts';
import type { UserRepository } from './users.ts';
import { SqlGroupRepository } from './groups.ts';
import type { GroupRepository } from './groups.ts';
import { SqlApiKeyRepository } from './api-keys.ts';
import type { ApiKeyRepository } from './api-keys.ts';
import { SqlTemplateRepository } from './templates.ts';
import { SqlTemplateRoleRepository } from './template-roles.ts';
import type { TemplateRepository } from './templates.ts';
import { SqlMemberRepository } from './members.ts';
import { SqlEmailAttachmentRepository } from './email-attachments.ts';
import { SqlTextTemplateRepository } from './text-templates.ts';
import { SqlDocumentTextRepository } from './document-texts.ts';
import { SqlCredentialRepository } from './credentials.ts';
import { UploadRepository } from './uploads.ts';
import { SqlWebhookRepository } from './webhooks.ts';
import { SqlDocumentRepository } from './documents.ts';
import { SqliteDocumentHistory } from './documents-history.ts';
import { SqlJobRepository } from './jobs.ts';
import { IdempotencyRepository } from './idempotency.ts';
import { SqlVerificationRepository } from './verifications.ts';
import type { WebhookRepository } from './webhook-rows.ts';
import { SqlFeedEventRepository } from './feed-events.ts';
import { SqlBatchRepository } from './batches.ts';
import { SqlTaskRepository } from './tasks.ts';
import type { BlobBackend } from './blob-backend.ts';
import { databaseUrlFromEnv } from '../config.ts';

const SERIALIZED: TransactionOptions = { isolation: 'serializable' };

export interface StoreOptions {
  /** Where file bytes go; default: an S3 bucket when ESIGN_S3_BUCKET is set, else `<dataDir>/blobs`. */
  blobs?: BlobBackend;
  /** A PostgreSQL database (`postgres://…`); default: ESIGN_DATABASE_URL, else the SQLite file in dataDir. */
  databaseUrl?: string;
  /** Most PostgreSQL connections this process opens (default 10). */
  maxConnections?: number;
}

/**
 * The blob backend the environment asks for: S3 when ESIGN_S3_BUCKET is set, else undefined (local).
 * The AWS SDK is imported only then: the embedded default starts without loading it.
 */
export async function blobBackendFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<BlobBackend | undefined> {
  if (!env.ESIGN_S3_BUCKET?.trim()) return undefined;
  const { S3BlobBackend, s3SettingsFromEnv } = await import('./s3-blobs.ts');
  const s3 = s3SettingsFromEnv(env);
  return s3 ? new S3BlobBackend(s3) : undefined;
}

export class Store {
  /** The database every repository reaches through (SQL in store/ only). */
  readonly sql: SqlDb;
  /** The SQLite writer connection (SQLite only), for query plans in tests. */
  private readonly sqlite: DatabaseSync | undefined;
  readonly files: FileStore;
  readonly users: UserRepository;
  readonly groups: GroupRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly templates: TemplateRepository;
  /** Each template's named parties (GraphQL roles). */
  readonly templateRoles: SqlTemplateRoleRepository;
  readonly members: SqlMemberRepository;
  readonly emailAttachments: SqlEmailAttachmentRepository;
  readonly textTemplates: SqlTextTemplateRepository;
  /** What each text document was sent from (HTML, text template, header, footer). */
  readonly documentTexts: SqlDocumentTextRepository;
  readonly credentials: SqlCredentialRepository;
  /** Files uploaded for conversion into templates, and where each stands. */
  readonly uploads: UploadRepository;
  readonly webhooks: WebhookRepository;
  /** Documents with their recipients and field values. */
  readonly documents: SqlDocumentRepository;
  /** Each document's audit trail (hash-chained) and email outbox. */
  readonly history: SqliteDocumentHistory;
  readonly jobs: SqlJobRepository;
  readonly idempotency: IdempotencyRepository;
  readonly verifications: SqlVerificationRepository;
  /** One-use signing-page previews of HTML documents. */
  readonly signingPreviews: SqlSigningPreviewRepository;
  /** The GraphQL feeds' outbox (user and group subscriptions). */
  readonly feedEvents: SqlFeedEventRepository;
  /** GraphQL batches and their queued sends. */
  readonly batches: SqlBatchRepository;
  /** What a GraphQL send or batch answered with (task(id)). */
  readonly tasks: SqlTaskRepository;
  /** Rate-limit windows and single-use ids every process of a deployment shares. */
  readonly sharedState: SqlSharedStateRepository;
  private readonly db: SqlDb;
  private closed = false;

  /** Use `openStore`: it opens and migrates the database first. */
  constructor(dataDir: string, sql: SqlDb, blobs: BlobBackend | undefined, sqlite?: DatabaseSync) {
    this.sqlite = sqlite;
    this.db = sql;
    this.sql = sql;
    this.files = new FileStore(dataDir, this.db, blobs);
    this.users = new SqlUserRepository(this.db);
    this.groups = new SqlGroupRepository(this.db);
    this.apiKeys = new SqlApiKeyRepository(this.db);
    this.templates = new SqlTemplateRepository(this.db);
    this.templateRoles = new SqlTemplateRoleRepository(this.db);
    this.members = new SqlMemberRepository(this.db);
    this.emailAttachments = new SqlEmailAttachmentRepository(this.db);
    this.textTemplates = new SqlTextTemplateRepository(this.db);
    this.documentTexts = new SqlDocumentTextRepository(this.db);
    this.credentials = new SqlCredentialRepository(this.db);
    this.uploads = new UploadRepository(this.db);
    this.webhooks = new SqlWebhookRepository(this.db);
    this.documents = new SqlDocumentRepository(this.db);
    this.history = new SqliteDocumentHistory(this.db);
    this.jobs = new SqlJobRepository(this.db);
    this.idempotency = new IdempotencyRepository(this.db);
    this.verifications = new SqlVerificationRepository(this.db);
    this.signingPreviews = new SqlSigningPreviewRepository(this.db);
    this.feedEvents = new SqlFeedEventRepository(this.db);
    this.batches = new SqlBatchRepository(this.db);
    this.tasks = new SqlTaskRepository(this.db);
    this.sharedState = new SqlSharedStateRepository(this.db);
  }

  /**
   * Runs `work` in one database transaction; every repository call inside it (however deep) takes
   * part. `work` must only await the store: see `SqlDb.transaction`. Serializable unless asked
   * otherwise: on SQLite every transaction is (one writer), and the services were written against that
   * guarantee (a completion reads the recipients, then moves the document); PostgreSQL gives the same
   * and runs a transaction again when a concurrent one conflicts with it.
   */
  transaction<T>(work: () => Promise<T>, options: TransactionOptions = SERIALIZED): Promise<T> {
    return this.sql.transaction(work, options);
  }

  /** Throws unless the database answers (the health check). */
  async ping(): Promise<void> {
    await this.sql.get('SELECT 1 AS ok');
  }

  /**
   * After a bulk load: SQLite copies everything written so far from the write-ahead log into the
   * database file; PostgreSQL clears the dead row versions the load left (every insert rewrote its
   * group's `document_counts` row) and refreshes the planner's statistics, as autovacuum would later.
   */
  async checkpoint(): Promise<void> {
    await this.sql.exec(this.sql.dialect === 'sqlite' ? 'PRAGMA wal_checkpoint(FULL)' : 'VACUUM ANALYZE');
  }

  /** The SQLite query plan of a statement (tests that check an index is used). */
  explain(sql: string, params: readonly (string | number)[] = []): string[] {
    if (!this.sqlite) throw new Error('explain() reads SQLite query plans; this store is on PostgreSQL');
    return (this.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.sql.close();
  }
}

/** Opens (creating and migrating when needed) the store in `dataDir`. */
export async function openStore(dataDir: string, options: StoreOptions = {}): Promise<Store> {
  const blobs = options.blobs ?? (await blobBackendFromEnv());
  const databaseUrl = options.databaseUrl ?? databaseUrlFromEnv();
  let store: Store;
  if (databaseUrl) {
    // The pg driver is imported only for a PostgreSQL database: SQLite deployments never load it.
    const { openPgSqlDb } = await import('./pg-db.ts');
    store = new Store(dataDir, await openPgSqlDb(databaseUrl, { max: options.maxConnections }), blobs);
  } else {
    const sqlite = openDatabase(dataDir);
    runMigrations(sqlite, migrations);
    store = new Store(dataDir, new SqliteSqlDb(sqlite, openReader(dataDir)), blobs, sqlite);
  }
  await store.files.start();
  return store;
}
