/**
 * Every migration the server applies on SQLite, in order. To add tables: write a `Migration[]`
 * here in store/sqlite/ and its PostgreSQL dialect under the same file name in store/pg/ (ids
 * prefixed by your area, e.g. `docs-001-...`), and spread each in its migrations.ts. Never edit a
 * migration that has shipped; add a new one.
 */
import type { Migration } from '../db.ts';
import { coreMigrations, restMigrations } from './core-migrations.ts';
import { webhookMigrations } from './webhooks-migrations.ts';
import { documentMigrations, jobMigrations, sealMigrations } from './documents-migrations.ts';
import { listCountMigrations, listIndexMigrations } from './list-index-migrations.ts';
import {
  blobMigrations,
  credentialMigrations,
  feedMigrations,
  idempotencyMigrations,
  previewMigrations,
  templateRoleMigrations,
  uploadMigrations,
} from './other-migrations.ts';
import { batchMigrations } from './batches-migrations.ts';
import { rowOrderMigrations } from './row-order-migrations.ts';
import { multiprocessMigrations } from './multiprocess-migrations.ts';
import { apiKeyMigrations } from './api-keys-migrations.ts';
import { verificationMigrations } from './verification-migrations.ts';

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
  ...apiKeyMigrations,
  ...verificationMigrations,
];
