/**
 * Every migration in its PostgreSQL dialect, in the order and with the ids of ../sqlite/migrations.ts, so
 * one `schema_migrations` id means the same schema step on both stores. A migration added to one
 * dialect only fails pg/schema-parity.test.ts.
 */
import type { Migration } from '../db.ts';
import { pgCoreMigrations, pgRestMigrations } from './core-migrations.ts';
import { pgDocumentMigrations, pgJobMigrations, pgSealMigrations } from './documents-migrations.ts';
import { pgWebhookMigrations } from './webhooks-migrations.ts';
import {
  pgBlobMigrations,
  pgCredentialMigrations,
  pgFeedMigrations,
  pgIdempotencyMigrations,
  pgPreviewMigrations,
  pgTemplateRoleMigrations,
  pgUploadMigrations,
} from './other-migrations.ts';
import { pgListCountMigrations, pgListIndexMigrations } from './list-index-migrations.ts';
import { pgBatchMigrations } from './batches-migrations.ts';
import { pgRowOrderMigrations } from './row-order-migrations.ts';
import { pgMultiprocessMigrations } from './multiprocess-migrations.ts';
import { pgApiKeyMigrations } from './api-keys-migrations.ts';
import { pgVerificationMigrations } from './verification-migrations.ts';

export const pgMigrations: Migration[] = [
  ...pgCoreMigrations,
  ...pgDocumentMigrations,
  ...pgWebhookMigrations,
  ...pgJobMigrations,
  ...pgSealMigrations,
  ...pgRestMigrations,
  ...pgIdempotencyMigrations,
  ...pgCredentialMigrations,
  ...pgUploadMigrations,
  ...pgPreviewMigrations,
  ...pgBlobMigrations,
  ...pgListIndexMigrations,
  ...pgTemplateRoleMigrations,
  ...pgFeedMigrations,
  ...pgBatchMigrations,
  ...pgRowOrderMigrations,
  ...pgListCountMigrations,
  ...pgMultiprocessMigrations,
  ...pgApiKeyMigrations,
  ...pgVerificationMigrations,
];
