/**
 * Delivers the email outbox: through SMTP (nodemailer) when `ESIGN_SMTP_URL` is set
 * (e.g. smtp://user:pass@mail.example.com:587), otherwise into the local outbox: each email is
 * written as an .eml file under <data>/outbox/ and stays readable through GET /api/v1/outbox/,
 * which the demo shows. Failed SMTP attempts are retried on the next pass (at most 10 attempts).
 */
import { crashPoint } from '../domain/crash-points.ts';
import { emailAttachmentFileName } from '../store/email-attachments.ts';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Store } from '../store/index.ts';
import type { QueuedEmail } from '../store/documents-history.ts';
import { emitEmailSentEvent } from '../webhooks/emit.ts';
import { reportEmailFailure } from './bounces.ts';
import { attachmentBytes, documentAttachments } from '../store/attachment-files.ts';
import type { EmailSettings } from '../config.ts';
export type { EmailSettings } from '../config.ts';

export const MAX_ATTEMPTS = 10;
/** How long a process may take to send one claimed email before another process may send it again. */
export const EMAIL_LEASE_MS = 2 * 60_000;
const CLAIM_BATCH = 5;

export function emailSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): EmailSettings {
  return { smtpUrl: env.ESIGN_SMTP_URL ?? '', from: env.ESIGN_EMAIL_FROM || 'esign-elements <no-reply@localhost>' };
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The email as an .eml file; with attachments, a multipart/mixed message (text first, then each file in base64). */
export function eml(email: QueuedEmail, from: string, attachments: readonly MailAttachment[] = []): string {
  const header = (s: string) => s.replace(/[\r\n]+/g, ' ');
  const head = [
    `From: ${header(from)}`,
    `To: ${header(email.to)}`,
    ...(email.cc.length ? [`Cc: ${header(email.cc.join(', '))}`] : []),
    `Subject: ${header(email.subject)}`,
    `Date: ${new Date(email.created).toUTCString()}`,
    'MIME-Version: 1.0',
  ];
  if (attachments.length === 0) return [...head, 'Content-Type: text/plain; charset=utf-8', '', email.text].join('\r\n');
  const boundary = `esign-${email.id}`;
  const parts = attachments.map((a) =>
    [
      `--${boundary}`,
      `Content-Type: ${header(a.contentType)}`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename*=UTF-8''${encodeURIComponent(a.filename)}`,
      '',
      a.content
        .toString('base64')
        .replace(/.{1,76}/g, '$&\r\n')
        .trimEnd(),
    ].join('\r\n'),
  );
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    email.text,
    ...parts,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Files that go with an email: the 74 attachments (emailed) with the "completed" notices. */
async function attachmentsOf(store: Store, email: QueuedEmail): Promise<MailAttachment[]> {
  if (email.kind === 'invitation' && email.recipientId) return await invitationAttachments(store, email.recipientId);
  if (email.kind !== 'completed' || !email.documentId) return [];
  const documentId = email.documentId;
  return Promise.all(
    (await documentAttachments(store, documentId, 74)).map(async (a) => ({
      filename: a.name,
      contentType: a.type,
      content: Buffer.from(await attachmentBytes(store, documentId, a.field)),
    })),
  );
}

/** The files the send attached to this recipient's invitation (`signers[].attachments`); deleted ones are left out. */
async function invitationAttachments(store: Store, recipientId: string): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const a of await store.emailAttachments.ofRecipient(recipientId)) {
    const name = emailAttachmentFileName(a.id);
    if (await store.files.exists(name)) files.push({ filename: a.filename, contentType: 'application/pdf', content: await store.files.read(name) });
  }
  return files;
}

export class EmailDelivery {
  readonly owner = `email-${randomUUID()}`;
  private readonly store: Store;
  private readonly outboxDir: string;
  private readonly settings: EmailSettings;
  private readonly transport: Transporter | null;
  private running: Promise<number> | null = null;
  private requested = false;
  private outboxReady: Promise<unknown> | null = null;

  constructor(store: Store, dataDir: string, settings: EmailSettings) {
    this.store = store;
    this.outboxDir = path.join(dataDir, 'outbox');
    this.settings = settings;
    this.transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  }

  get mode(): 'smtp' | 'local' {
    return this.transport ? 'smtp' : 'local';
  }

  /**
   * Delivers every unsent email; resolves to the number delivered. Concurrent calls share one run,
   * but a call during a pass asks for another pass: that one read the outbox before the caller's
   * email was queued, and nothing else would deliver it.
   */
  flush(): Promise<number> {
    this.requested = true;
    this.running ??= this.passWhileRequested();
    return this.running;
  }

  private async passWhileRequested(): Promise<number> {
    let delivered = 0;
    try {
      while (this.requested) {
        this.requested = false;
        delivered += await this.pass();
      }
    } finally {
      this.running = null; // synchronously with the last check of `requested`, so no request falls between
    }
    return delivered;
  }

  /**
   * One pass over the outbox: every unsent email with attempts left is tried once. Emails are claimed a
   * few at a time with a lease (SKIP LOCKED on PostgreSQL), so several processes flushing together send
   * each email once; one whose process died mid-send is sent again when its lease lapses.
   */
  private async pass(): Promise<number> {
    const { history } = this.store;
    const tried = new Set<string>();
    let delivered = 0;
    for (;;) {
      const claimed = await history.claimEmails(this.owner, this.settings.leaseMs ?? EMAIL_LEASE_MS, CLAIM_BATCH, MAX_ATTEMPTS);
      if (claimed.length === 0) return delivered;
      let again = false;
      for (const email of claimed) {
        // Failed earlier in this pass and free again: it waits for the next pass, as before leases.
        if (tried.has(email.id)) await history.releaseEmail(email.id, this.owner);
        else {
          tried.add(email.id);
          again = true;
          if (await this.send(email)) delivered++;
        }
      }
      if (!again) return delivered;
    }
  }

  /** Sends one leased email and records the outcome; true when it went out (and was recorded here). */
  private async send(email: QueuedEmail): Promise<boolean> {
    const { history } = this.store;
    try {
      const attachments = await attachmentsOf(this.store, email);
      if (this.transport) {
        await this.transport.sendMail({
          from: this.settings.from,
          to: email.to,
          cc: email.cc,
          subject: email.subject,
          text: email.text,
          html: email.html || undefined,
          attachments,
        });
      } else {
        // Written off the event loop: a synchronous write per email held every other request up while it ran.
        this.outboxReady ??= fs.promises.mkdir(this.outboxDir, { recursive: true }).catch((error: unknown) => {
          this.outboxReady = null; // tried again with the next email
          throw error;
        });
        await this.outboxReady;
        await fs.promises.writeFile(
          path.join(this.outboxDir, `${email.created.replace(/[:.]/g, '-')}-${email.id}.eml`),
          eml(email, this.settings.from, attachments),
        );
      }
      crashPoint('email:in-flight');
      // Webhook recipient.emailNotification (autoReminderEmail for reminders) in the transaction that marks it
      // sent; not when the lease lapsed meanwhile (the process that took the email over reports it).
      return await this.store.transaction(async () => {
        if (!(await history.markEmailSent(email.id, this.owner))) return false;
        await emitEmailSentEvent(this.store, email);
        return true;
      });
    } catch (error) {
      // Refused (5xx hard, 4xx soft) or unreachable (delayed): webhook recipient.bounced.
      if (await history.markEmailFailed(email.id, this.owner, error instanceof Error ? error.message : String(error)))
        await reportEmailFailure(this.store, email, error);
      return false;
    }
  }

  /**
   * Flushes every `intervalMs` too: emails another process queued (or left leased when it died) go out
   * even when nothing happens here. Returns a stop function.
   */
  poll(intervalMs: number): () => void {
    const timer = setInterval(() => void this.flush().catch((error: unknown) => console.error('email delivery:', (error as Error).message)), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  close(): void {
    this.transport?.close();
  }
}
