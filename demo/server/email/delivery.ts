/**
 * Delivers the email outbox: through SMTP (nodemailer) when `ESIGN_SMTP_URL` is set
 * (e.g. smtp://user:pass@mail.example.com:587), otherwise into the local outbox: each email is
 * written as an .eml file under <data>/outbox/ and stays readable through GET /api/v1/outbox/,
 * which the demo shows. Failed SMTP attempts are retried on the next pass (at most 10 attempts).
 */
import { emailAttachmentFileName } from '../store/email-attachments.ts';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Store } from '../store/index.ts';
import type { QueuedEmail } from '../store/documents-history.ts';
import { emitEmailSentEvent } from '../webhooks/emit.ts';
import { reportEmailFailure } from './bounces.ts';
import { attachmentBytes, documentAttachments } from '../services/signing/attachments.ts';

export const MAX_ATTEMPTS = 10;

export interface EmailSettings {
  smtpUrl: string;
  from: string;
}

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
  private readonly store: Store;
  private readonly outboxDir: string;
  private readonly settings: EmailSettings;
  private readonly transport: Transporter | null;
  private running: Promise<number> | null = null;
  private requested = false;

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

  private async pass(): Promise<number> {
    const { history } = this.store;
    let delivered = 0;
    for (const email of await history.emails({ unsentOnly: true })) {
      if (email.attempts >= MAX_ATTEMPTS) continue;
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
          fs.mkdirSync(this.outboxDir, { recursive: true });
          fs.writeFileSync(path.join(this.outboxDir, `${email.created.replace(/[:.]/g, '-')}-${email.id}.eml`), eml(email, this.settings.from, attachments));
        }
        // Webhook recipient.emailNotification (autoReminderEmail for reminders) in the transaction that marks it sent.
        await this.store.transaction(async () => {
          await history.markEmailSent(email.id);
          await emitEmailSentEvent(this.store, email);
        });
        delivered++;
      } catch (error) {
        await history.markEmailFailed(email.id, error instanceof Error ? error.message : String(error));
        // Refused (5xx hard, 4xx soft) or unreachable (delayed): webhook recipient.bounced.
        await reportEmailFailure(this.store, email, error);
      }
    }
    return delivered;
  }

  close(): void {
    this.transport?.close();
  }
}
