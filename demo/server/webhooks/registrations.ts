/**
 * Reading webhook registrations and turning request bodies into filters. Writing lives in
 * outbox.ts (insertRegistration / removeRegistration) next to the fan-out that reads them.
 */
import type { Store } from '../store/index.ts';
import type { RegistrationRow } from '../store/webhook-rows.ts';
import { isKnownEvent, WEBHOOK_EVENTS, WEBHOOK_OBJECTS } from './payload.ts';
import type { WebhookObject } from './payload.ts';
import { LEGACY_NOTIFY } from './legacy.ts';

export const NOTIFY_TYPES = ['realtime', ...LEGACY_NOTIFY] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

export interface Registration {
  id: string;
  userId: string;
  callbackUrl: string;
  objectFilter: '' | WebhookObject;
  eventFilter: string;
  groupId: string | null;
  notify: NotifyType;
  hasHmacSecret: boolean;
  createdMs: number;
}

function toRegistration(row: RegistrationRow): Registration {
  return {
    id: row.id,
    userId: row.user_id,
    callbackUrl: row.callback_url,
    objectFilter: row.object_filter as Registration['objectFilter'],
    eventFilter: row.event_filter,
    groupId: row.group_id,
    notify: row.notify as NotifyType,
    hasHmacSecret: row.hmac_secret !== null,
    createdMs: row.created_ms,
  };
}

export async function listRegistrations(
  store: Store,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ total: number; registrations: Registration[] }> {
  const { total, rows } = await store.webhooks.registrationsOf(userId, limit, offset);
  return { total, registrations: rows.map(toRegistration) };
}

/** A live registration of `userId`, or undefined (other users' registrations are invisible). */
export async function getRegistration(store: Store, userId: string, id: string): Promise<Registration | undefined> {
  const row = await store.webhooks.liveRegistrationOf(userId, id);
  return row && toRegistration(row);
}

/** Live registrations of `userId` with exactly these settings (subscribe is idempotent; unsubscribe matches on them). */
export async function findRegistrations(
  store: Store,
  userId: string,
  match: { callbackUrl: string; objectFilter?: string; eventFilter?: string; groupId?: string | null; notify?: string },
): Promise<Registration[]> {
  return (await store.webhooks.liveRegistrationsByUrl(userId, match.callbackUrl))
    .map(toRegistration)
    .filter(
      (r) =>
        (match.objectFilter === undefined || r.objectFilter === match.objectFilter) &&
        (match.eventFilter === undefined || r.eventFilter === match.eventFilter) &&
        (match.groupId === undefined || r.groupId === match.groupId) &&
        (match.notify === undefined || r.notify === match.notify),
    );
}

export type FilterResult = { ok: true; objectFilter: '' | WebhookObject; eventFilter: string } | { ok: false; field: string; message: string };

/**
 * Object and event filters from `object` + `event` (this API) or `eventFilter` (the hosted
 * service's `document.*` / `document.created` form). Empty means "everything".
 */
export function parseFilters(body: { object?: string; event?: string; eventFilter?: string; event_filter?: string }): FilterResult {
  let object = (body.object ?? '').trim();
  let event = (body.event ?? '').trim();
  const combined = (body.eventFilter ?? body.event_filter ?? '').trim();
  if (object === 'all' || object === '*') object = '';
  if (combined) {
    const match = combined.match(/^([a-z]+)\.(\*|[A-Za-z]+)$/);
    if (!match)
      return { ok: false, field: 'eventFilter', message: `"${combined}" is not of the form object.event or object.* (e.g. document.finalPdfCreated)` };
    const [, o, e] = match;
    if ((object && object !== o) || (event && e !== '*' && event !== e)) {
      return { ok: false, field: 'eventFilter', message: 'eventFilter disagrees with object/event; give one or the other' };
    }
    object = o;
    event = e === '*' ? event : e;
  }
  if (object && !(WEBHOOK_OBJECTS as readonly string[]).includes(object)) {
    return { ok: false, field: 'object', message: `must be one of ${WEBHOOK_OBJECTS.join(', ')} (or empty for both), not "${object}"` };
  }
  if (event) {
    if (!object) {
      const owners = WEBHOOK_OBJECTS.filter((o) => isKnownEvent(o, event));
      if (owners.length !== 1) {
        return {
          ok: false,
          field: 'event',
          message: owners.length === 0 ? `"${event}" is not a webhook event` : `"${event}" exists for ${owners.join(' and ')}; give object too`,
        };
      }
      object = owners[0];
    }
    if (!isKnownEvent(object, event)) {
      const known = (WEBHOOK_EVENTS as Record<string, readonly string[]>)[object].join(', ');
      return { ok: false, field: 'event', message: `"${event}" is not a ${object} event; use one of ${known}` };
    }
  }
  return { ok: true, objectFilter: object as '' | WebhookObject, eventFilter: event };
}
