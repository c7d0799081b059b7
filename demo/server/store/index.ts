/**
 * The store: one database plus the PDF file store, and a repository per aggregate.
 * Other areas build their own repositories from `store.db` (see README.md).
 */
import type { Db } from './db.ts';
import { openDatabase, runMigrations, transaction } from './db.ts';
import { FileStore } from './files.ts';
import { migrations } from './migrations.ts';
import { SqliteUserRepository } from './users.ts';
import type { UserRepository } from './users.ts';
import { SqliteGroupRepository } from './groups.ts';
import type { GroupRepository } from './groups.ts';
import { SqliteApiKeyRepository } from './api-keys.ts';
import type { ApiKeyRepository } from './api-keys.ts';
import { SqliteTemplateRepository } from './templates.ts';
import type { TemplateRepository } from './templates.ts';
import { SqliteMemberRepository } from './members.ts';
import { SqliteEmailAttachmentRepository } from './email-attachments.ts';
import { SqliteTextTemplateRepository } from './text-templates.ts';
import { SqliteWebhookRepository } from './webhooks.ts';
import type { WebhookRepository } from './webhooks.ts';

export class Store {
  readonly db: Db;
  readonly files: FileStore;
  readonly users: UserRepository;
  readonly groups: GroupRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly templates: TemplateRepository;
  readonly members: SqliteMemberRepository;
  readonly emailAttachments: SqliteEmailAttachmentRepository;
  readonly textTemplates: SqliteTextTemplateRepository;
  readonly webhooks: WebhookRepository;
  private closed = false;

  constructor(dataDir: string) {
    this.db = openDatabase(dataDir);
    runMigrations(this.db, migrations);
    this.files = new FileStore(dataDir);
    this.users = new SqliteUserRepository(this.db);
    this.groups = new SqliteGroupRepository(this.db);
    this.apiKeys = new SqliteApiKeyRepository(this.db);
    this.templates = new SqliteTemplateRepository(this.db);
    this.members = new SqliteMemberRepository(this.db);
    this.emailAttachments = new SqliteEmailAttachmentRepository(this.db);
    this.textTemplates = new SqliteTextTemplateRepository(this.db);
    this.webhooks = new SqliteWebhookRepository(this.db);
  }

  /** Runs synchronous `work` in one database transaction. */
  transaction<T>(work: () => T): T {
    return transaction(this.db, work);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}

export function openStore(dataDir: string): Store {
  return new Store(dataDir);
}
