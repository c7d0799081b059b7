/**
 * Every migration the server applies, in order. To add tables: write a
 * `Migration[]` in your own store file (ids prefixed by your area, e.g. `docs-001-...`)
 * and spread it here. Never edit a migration that has shipped; add a new one.
 */
import type { Migration } from '../db.ts';
import { coreMigrations } from './core-migrations.ts';
import { webhookMigrations } from './webhooks-migrations.ts';
import { documentMigrations } from './documents-migrations.ts';
import { jobMigrations } from '../jobs.ts';
import { sealMigrations } from '../audit-chain.ts';
import { restMigrations } from '../rest-migrations.ts';
import { idempotencyMigrations } from '../idempotency.ts';
import { credentialMigrations } from '../credentials.ts';
import { uploadMigrations } from '../uploads.ts';
import { previewMigrations } from '../signing-previews.ts';
import { blobMigrations } from '../blob-refs.ts';
import { listCountMigrations, listIndexMigrations } from './list-index-migrations.ts';
import { templateRoleMigrations } from '../template-roles.ts';
import { feedMigrations } from '../feed-events.ts';
import { batchMigrations } from '../batches.ts';
import { rowOrderMigrations } from './row-order-migrations.ts';
import { multiprocessMigrations } from './multiprocess-migrations.ts';

export const migrations: Migration[] = [
  ...coreMigrations,
  ...documentMigrations,
  ...webhookMigrations,
  ...jobMigrations,
  ...sealMigrations,
  ...restMigrations,
  ...idempotencyMigrations,
  ...credentialMigrations,
  ...uploadMigrations,
  ...previewMigrations,
  ...blobMigrations,
  ...listIndexMigrations,
  ...templateRoleMigrations,
  ...feedMigrations,
  ...batchMigrations,
  ...rowOrderMigrations,
  ...listCountMigrations,
  ...multiprocessMigrations,
];
