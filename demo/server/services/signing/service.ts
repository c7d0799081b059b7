/**
 * The signing flow for one app: the ceremony operations with their context, the final-PDF job
 * (a background job: one run per document at a time, retried with backoff, resumed at start-up), invitations when a document is sent
 * with `do_email`, and email delivery after every change that queues mail.
 */
import type { JobRecord } from '../../store/jobs.ts';
import type { DocumentRecord } from '../../store/documents.ts';
import type { ServerContext } from '../context.ts';
import type { Store } from '../../store/index.ts';
import { onDocumentEvent } from '../documents/events.ts';
import { RECIPIENT_STATUS } from '../../domain/statuses.ts';
import { EmailDelivery, emailSettingsFromEnv } from '../../email/delivery.ts';
import { queueInvitation } from '../../email/messages.ts';
import { queueDocumentReviewRequests, queueReviewRequests } from '../../email/reviewer-messages.ts';
import type { CeremonyContext } from './ceremony.ts';
import { FINAL_PDF_JOB, pendingFinalPdfs, runFinalPdfJob } from './final-pdf-job.ts';
import { JobRunner, resolveJobSettings } from '../jobs/runner.ts';

const services = new WeakMap<Store, SigningService>();

/** The signing service of an app's store (route plugins are encapsulated; tests and other areas reach it here). */
export function signingServiceOf(store: Store): SigningService | undefined {
  return services.get(store);
}

export function registerSigningService(store: Store, service: SigningService): void {
  services.set(store, service);
}

/** How often the outbox is looked at without a flush asking: emails queued by other processes, or left leased by a dead one. */
const EMAIL_POLL_MS = 30_000;

const SYSTEM = { type: 'system' as const, id: '', label: 'esign-elements', ip: '', userAgent: '' };

export class SigningService {
  readonly ctx: CeremonyContext;
  readonly email: EmailDelivery;
  private readonly app: ServerContext;
  /** The background jobs of this app (the final PDF); `esign-server jobs` and the dashboard reach them too. */
  readonly jobs: JobRunner;
  /** How many final PDFs this process has started to build (tests read it to prove "once"). */
  finalPdfRuns = 0;
  private readonly unsubscribe: () => void;
  private stopEmailPolling: (() => void) | undefined;

  constructor(app: ServerContext) {
    this.app = app;
    this.ctx = {
      store: app.store,
      dataDir: app.config.dataDir,
      baseUrl: app.config.baseUrl,
      reserveFinalPdf: (documentId) => this.jobs.reserve(FINAL_PDF_JOB, documentId),
    };
    this.email = new EmailDelivery(app.store, app.config.dataDir, { ...emailSettingsFromEnv(), ...app.config.email });
    this.jobs = new JobRunner(
      app.store,
      resolveJobSettings(app.config.jobs),
      {
        [FINAL_PDF_JOB]: (documentId) => {
          this.finalPdfRuns++;
          return runFinalPdfJob(app.store, app.work, documentId);
        },
      },
      (message, job, error) => app.log.error({ err: error, documentId: job.documentId, job: job.id }, `final PDF job: ${message}`),
    );
    this.unsubscribe = onDocumentEvent(app.store, async (notice) => {
      if (notice.object === 'document' && notice.event === 'created') await this.inviteFirst(notice.documentId, notice.document);
    });
  }

  /**
   * Runs the final-PDF job for a document now (the one its completion reserved, or joining a run already
   * under way); resolves when this attempt is over: true when the PDF is made. A failure is retried in the background.
   */
  async finalPdf(documentId: string, reserved?: JobRecord): Promise<boolean> {
    return (await (reserved ? this.jobs.runReserved(reserved) : this.jobs.run(FINAL_PDF_JOB, documentId))) === 'done';
  }

  /** At start-up: documents left at "fields complete" without a final PDF get their job (again). */
  async resumePending(): Promise<boolean[]> {
    await this.jobs.start();
    this.stopEmailPolling ??= this.email.poll(EMAIL_POLL_MS);
    return Promise.all((await pendingFinalPdfs(this.app.store)).map((id) => this.finalPdf(id)));
  }

  /** Delivers queued email in the background; failures stay in the outbox for the next pass. */
  deliverEmail(): void {
    this.email.flush().catch((error: unknown) => this.app.log.error({ err: error }, 'email delivery failed'));
  }

  /** After a send with do_email: the invitations of the recipients the send already moved to "sent". */
  private async inviteFirst(documentId: string, sent?: DocumentRecord): Promise<void> {
    const { store } = this.app;
    const { documents, history } = store;
    const doc = sent ?? (await documents.get(documentId));
    if (!doc?.doEmail) return;
    await store.transaction(async () => {
      let invited = 0;
      for (const r of await documents.recipients(doc.id)) {
        if (r.status !== RECIPIENT_STATUS.sent) continue;
        await queueInvitation(store, this.ctx.dataDir, this.ctx.baseUrl, doc, r);
        await history.record(doc.id, 'invitation_queued', SYSTEM, {}, r.id);
        await queueReviewRequests(this.ctx, doc, r);
        invited++;
      }
      if (invited > 0) await queueDocumentReviewRequests(this.ctx, doc);
    });
    this.deliverEmail();
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.stopEmailPolling?.();
    await this.jobs.stop();
    await this.email.flush().catch(() => 0);
    this.email.close();
  }
}
