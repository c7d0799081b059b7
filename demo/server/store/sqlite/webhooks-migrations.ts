/**
 * Webhook tables. The outbox is three tables: an event (the exact body every attempt sends),
 * one delivery per matching registration (state, attempt count, due time, lease), and one row
 * per attempt (the log). All times in this area are integer milliseconds since the epoch.
 */
import type { Migration } from '../db.ts';

export const webhookMigrations: Migration[] = [
  {
    id: 'webhooks-001-outbox',
    sql: `
      CREATE TABLE webhook_registrations (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        callback_url TEXT NOT NULL,
        -- '' = every object / every event
        object_filter TEXT NOT NULL DEFAULT '',
        event_filter TEXT NOT NULL DEFAULT '',
        -- NULL = every group where the owner is admin
        group_id TEXT,
        -- realtime | all (batched every few minutes) | sent | signed | rejected (batched upon that event)
        notify TEXT NOT NULL DEFAULT 'realtime',
        hmac_secret TEXT,
        last_batch_at INTEGER,
        created_ms INTEGER NOT NULL,
        removed_ms INTEGER
      );
      CREATE INDEX webhook_registrations_user ON webhook_registrations(user_id);

      CREATE TABLE webhook_events (
        id TEXT PRIMARY KEY,
        object TEXT NOT NULL,
        event TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        document_id TEXT,
        recipient_id TEXT,
        group_id TEXT,
        -- object.event:subject for "once" events: the unique index makes them exactly-once.
        once_key TEXT UNIQUE,
        -- operation | trigger (dashboard) | batch (legacy envelope)
        origin TEXT NOT NULL DEFAULT 'operation',
        body TEXT NOT NULL,
        created_ms INTEGER NOT NULL
      );
      CREATE INDEX webhook_events_document ON webhook_events(document_id, created_ms);

      CREATE TABLE webhook_deliveries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL REFERENCES webhook_events(id),
        registration_id TEXT NOT NULL REFERENCES webhook_registrations(id),
        -- pending | delivered | failed | held (legacy, waiting for its batch) | batched | cancelled
        state TEXT NOT NULL,
        -- event | replay
        reason TEXT NOT NULL DEFAULT 'event',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_owner TEXT,
        lease_expires_at INTEGER,
        batch_event_id TEXT,
        last_status INTEGER,
        last_error TEXT,
        created_ms INTEGER NOT NULL,
        finished_ms INTEGER
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries(state, next_attempt_at);
      CREATE INDEX webhook_deliveries_registration ON webhook_deliveries(registration_id, state);
      CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id);

      CREATE TABLE webhook_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id),
        attempt INTEGER NOT NULL,
        url TEXT NOT NULL,
        request_headers TEXT NOT NULL,
        status INTEGER,
        response_body TEXT,
        error TEXT,
        -- delivered | retry | failed
        outcome TEXT NOT NULL,
        started_ms INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL
      );
      CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);

      -- One signing key per installation, shared by every process on the same database.
      CREATE TABLE webhook_signing_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        private_key_pem TEXT NOT NULL,
        certificate_pem TEXT NOT NULL,
        created_ms INTEGER NOT NULL
      );
    `,
  },
  {
    id: 'webhooks-002-bounce-reports',
    sql: `
      -- One row per (email, bounce kind) reported, so a retried email does not report the same bounce ten times.
      CREATE TABLE webhook_bounce_reports (
        email_id TEXT NOT NULL,
        kind INTEGER NOT NULL,
        created_ms INTEGER NOT NULL,
        PRIMARY KEY (email_id, kind)
      );
    `,
  },
];
