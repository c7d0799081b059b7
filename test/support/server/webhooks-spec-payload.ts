/**
 * Test helper: the specification's payload field lists ("Events" → "Payload"), written out as the
 * spec gives them, and a check of a received body against them: exactly these keys (plus `tag3`,
 * the one documented addition), with the listed types and status values.
 */
export const SPEC_TOP_LEVEL = ['version', 'object', 'created', 'id', 'event', 'data'];
export const SPEC_DOCUMENT_DATA = ['tag', 'tag1', 'tag2', 'uuid', 'name', 'group', 'groupResourceUri', 'resourceUri', 'status', 'statusText', 'recipients'];
export const SPEC_DOCUMENT_RECIPIENT = ['uuid', 'email', 'order', 'status', 'statusText', 'firstname', 'lastname', 'roleText', 'resourceUri', 'rejectReason'];
export const SPEC_RECIPIENT_DATA = [
  'tag',
  'tag1',
  'tag2',
  'uuid',
  'email',
  'group',
  'order',
  'status',
  'document',
  'documentName',
  'lastname',
  'firstname',
  'roleText',
  'statusText',
  'emailBounce',
  'emailBounceMessage',
  'rejectReason',
  'resourceUri',
  'groupResourceUri',
  'documentResourceUri',
];
/** Not in the spec's lists: the send request takes tag3 and "fields are added, never removed" (docs/webhook-events.md). */
export const ADDED_DATA_FIELDS = ['tag3'];

const DOCUMENT_STATUSES = [10, 20, 30, 40, 50];
const RECIPIENT_STATUSES = [4, 5, 10, 15, 20, 30, 35, 39, 40, 50, 60];
/**
 * The spec allows 70 in recipient payloads only; this server also reports a withdrawn recipient (70,
 * statusText `withdrawn`, e.g. the others after a rejection) as 70 in a document payload's list rather
 * than give it a status it does not have (docs/decisions/webhooks.md).
 */
const DOCUMENT_RECIPIENT_STATUSES = [...RECIPIENT_STATUSES, 70];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ROLES = ['signer', 'approver', 'witness'];

function keyProblems(where: string, value: unknown, expected: string[]): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${where} is not an object`];
  const keys = Object.keys(value).sort();
  const want = [...expected].sort();
  const missing = want.filter((k) => !keys.includes(k));
  const extra = keys.filter((k) => !want.includes(k));
  return [...missing.map((k) => `${where}.${k} is missing`), ...extra.map((k) => `${where}.${k} is not in the spec`)];
}

function typeProblems(where: string, data: Record<string, unknown>, kinds: Record<string, (v: unknown) => boolean>): string[] {
  return Object.entries(kinds)
    .filter(([key, ok]) => key in data && !ok(data[key]))
    .map(([key]) => `${where}.${key} has the wrong type or value: ${JSON.stringify(data[key])}`);
}

const isString = (v: unknown) => typeof v === 'string';
const isInteger = (v: unknown) => Number.isInteger(v);
const isUuid = (v: unknown) => typeof v === 'string' && UUID.test(v);
const isUriRef = (v: unknown) => typeof v === 'string' && v.startsWith('/api/v1/') && v.endsWith('/');

/** Every way `body` (a parsed webhook request body) differs from the specification; [] when it matches. */
export function specPayloadProblems(body: Record<string, unknown>): string[] {
  const problems = keyProblems('payload', body, SPEC_TOP_LEVEL);
  problems.push(
    ...typeProblems('payload', body, {
      version: (v) => v === '1.0.0',
      object: (v) => v === 'document' || v === 'recipient',
      created: isInteger,
      id: isUuid,
      event: isString,
    }),
  );
  const data = body.data as Record<string, unknown>;
  if (body.object === 'document') {
    problems.push(...keyProblems('data', data, [...SPEC_DOCUMENT_DATA, ...ADDED_DATA_FIELDS]));
    problems.push(
      ...typeProblems('data', data, {
        tag: isString,
        tag1: isString,
        tag2: isString,
        uuid: isUuid,
        name: isString,
        group: isString,
        groupResourceUri: isUriRef,
        resourceUri: isUriRef,
        status: (v) => DOCUMENT_STATUSES.includes(v as number),
        statusText: isString,
        recipients: Array.isArray,
      }),
    );
    for (const [i, entry] of ((data?.recipients as unknown[]) ?? []).entries()) {
      problems.push(...keyProblems(`data.recipients[${i}]`, entry, SPEC_DOCUMENT_RECIPIENT));
      problems.push(
        ...typeProblems(`data.recipients[${i}]`, entry as Record<string, unknown>, {
          uuid: isUuid,
          email: isString,
          order: isInteger,
          status: (v) => DOCUMENT_RECIPIENT_STATUSES.includes(v as number),
          statusText: isString,
          firstname: isString,
          lastname: isString,
          roleText: (v) => ROLES.includes(v as string),
          resourceUri: isUriRef,
          rejectReason: isString,
        }),
      );
    }
  } else if (body.object === 'recipient') {
    problems.push(...keyProblems('data', data, [...SPEC_RECIPIENT_DATA, ...ADDED_DATA_FIELDS]));
    problems.push(
      ...typeProblems('data', data, {
        tag: isString,
        tag1: isString,
        tag2: isString,
        uuid: isUuid,
        email: isString,
        group: isUuid,
        order: isInteger,
        status: (v) => [...RECIPIENT_STATUSES, 70].includes(v as number),
        document: isUuid,
        documentName: isString,
        lastname: isString,
        firstname: isString,
        roleText: (v) => ROLES.includes(v as string),
        statusText: isString,
        emailBounce: isInteger,
        emailBounceMessage: isString,
        rejectReason: isString,
        resourceUri: isUriRef,
        groupResourceUri: isUriRef,
        documentResourceUri: isUriRef,
      }),
    );
  }
  return problems;
}

/** Asserts that every request a test receiver got (legacy batches aside) matches the spec; returns how many were checked. */
export function assertSpecPayloads(received: Array<{ json: Record<string, unknown> }>): number {
  const checked = received.filter((r) => r.json.object !== 'batch');
  const problems = checked.flatMap((r) => specPayloadProblems(r.json).map((p) => `${r.json.object}.${r.json.event}: ${p}`));
  if (problems.length > 0) throw new Error(`payloads differ from the specification:\n  ${problems.join('\n  ')}`);
  return checked.length;
}
