/**
 * What the GraphQL feeds say (GRAPHQL.md §6): one envelope per event,
 * `{version, eventId, timestamp, level, event, category, groupId, userId, requestId, batchId, error, data}`,
 * with IDs as prefix + REST id (`doc…`, `usr…`) as the hosted examples show them. Events are appended
 * to the feed outbox (store/feed-events.ts) inside the caller's transaction; graphql/feeds/ delivers them.
 */
import crypto from 'node:crypto';
import type { Store } from '../store/index.ts';
import type { DocumentSnapshot } from './payload.ts';
import type { FeedRow } from '../store/feed-events.ts';

export interface FeedEnvelope {
  version: '1.0';
  eventId: string;
  timestamp: string;
  level: 'INFO' | 'ERROR';
  event: string;
  category: string;
  groupId: string | null;
  userId: string | null;
  requestId: string | null;
  batchId: string | null;
  error: string | null;
  data: Record<string, unknown>;
}

/** The hosted names of our webhook events where they differ from `<object><Event>`. */
const FEED_EVENT_NAMES: Record<string, string> = {
  'recipient.emailNotification': 'recipientSentEmail',
  'recipient.autoReminderEmail': 'recipientSentReminder',
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function envelope(
  fields: Omit<FeedEnvelope, 'version' | 'eventId' | 'timestamp' | 'requestId' | 'batchId'> & { batchId?: string; now?: number },
): FeedEnvelope {
  const { now, batchId, ...rest } = fields;
  return {
    version: '1.0',
    eventId: `evt${crypto.randomUUID()}`,
    timestamp: new Date(now ?? Date.now()).toISOString(),
    requestId: null,
    batchId: batchId ?? null,
    ...rest,
  };
}

/** A document or recipient event (the same ones webhooks get) as a row of its group's feed; the webhook outbox writes it with the event. */
export function lifecycleFeedRow(
  object: 'document' | 'recipient',
  event: string,
  doc: DocumentSnapshot,
  recipientId?: string,
  now?: number,
): Omit<FeedRow, 'seq'> {
  const name = FEED_EVENT_NAMES[`${object}.${event}`] ?? `${object}${capitalised(event)}`;
  const recipient = recipientId ? doc.recipients.find((r) => r.uuid === recipientId) : undefined;
  const data: Record<string, unknown> =
    object === 'document'
      ? { id: `doc${doc.uuid}`, documentName: doc.name, status: doc.statusText }
      : {
          id: `rec${recipientId}`,
          documentId: `doc${doc.uuid}`,
          documentName: doc.name,
          firstName: recipient?.firstname ?? null,
          lastName: recipient?.lastname ?? null,
        };
  const body = envelope({ level: 'INFO', event: name, category: `${object}Lifecycle`, groupId: `grp${doc.groupId}`, userId: null, error: null, data, now });
  return { feed: 'group', groupId: doc.groupId, userId: null, body: JSON.stringify(body) };
}

export type UploadFeedEvent =
  | { event: 'uploadReceived'; format?: undefined; templateId?: undefined; error?: undefined }
  | { event: 'uploadConverted'; format: string; templateId?: undefined; error?: undefined }
  | { event: 'uploadCompleted'; format: string; templateId: string; error?: undefined }
  | { event: 'uploadFailed'; format?: string | null; templateId?: undefined; error: { code: string; message: string } };

/** Where an upload stands, on the feed of the user who asked for its URL. */
export async function appendUploadEvent(store: Store, upload: { id: string; groupId: string; userId: string }, update: UploadFeedEvent): Promise<void> {
  const failed = update.event === 'uploadFailed';
  const body = envelope({
    level: failed ? 'ERROR' : 'INFO',
    event: update.event,
    category: 'upload',
    groupId: `grp${upload.groupId}`,
    userId: `usr${upload.userId}`,
    error: failed ? update.error.message : null,
    data: {
      id: `upl${upload.id}`,
      code: failed ? update.error.code : update.event === 'uploadCompleted' ? 'UPLOADOK' : 'UPLOADINPROGRESS',
      ...(update.format ? { format: update.format } : {}),
      ...(update.templateId ? { templateId: `tpl${update.templateId}` } : {}),
    },
  });
  await store.feedEvents.append({ feed: 'user', groupId: upload.groupId, userId: upload.userId, body: JSON.stringify(body) });
}

/** A batch task's progress and its end, on its group's feed (category `task`). */
export async function appendTaskEvent(
  store: Store,
  task: { id: string; batchId: string; groupId: string; userId: string },
  event: 'taskProgress' | 'taskCompleted',
  progress: { done: number; failed: number },
): Promise<void> {
  const body = envelope({
    level: 'INFO',
    event,
    category: 'task',
    groupId: `grp${task.groupId}`,
    userId: `usr${task.userId}`,
    error: null,
    batchId: `bat${task.batchId}`,
    data: { id: `tsk${task.id}`, batchId: `bat${task.batchId}`, submitted: progress.done, failed: progress.failed },
  });
  await store.feedEvents.append({ feed: 'group', groupId: task.groupId, userId: null, body: JSON.stringify(body) });
}
