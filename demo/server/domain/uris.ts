/** Resource URIs (`/api/v1/<kind>/<id>/`) and reading them back from requests. */

export const groupUri = (id: string): string => `/api/v1/group/${id}/`;
export const userUri = (id: string): string => `/api/v1/user/${id}/`;
export const templateUri = (id: string): string => `/api/v1/templatepdf/${id}/`;
export const memberUri = (id: string): string => `/api/v1/member/${id}/`;
export const invitedUri = (id: string): string => `/api/v1/invited/${id}/`;
export const attachmentUri = (id: string): string => `/api/v1/attachment/${id}/`;
export const textTemplateUri = (id: string): string => `/api/v1/template/${id}/`;

/**
 * The id inside a resource reference of `kind`. Accepts `/api/v1/<kind>/<id>/`, the same
 * as a full URL, or the bare id; returns undefined for a reference to another kind.
 */
export function idFromUri(value: string, kind: string): string | undefined {
  const trimmed = value.trim();
  const match = trimmed.match(/\/api\/v1\/([a-z]+)\/([^/?#]+)\/?(?:[?#].*)?$/);
  if (match) return match[1] === kind ? decodedSegment(match[2]!) : undefined;
  if (trimmed.includes('/')) return undefined;
  return trimmed || undefined;
}

/** A percent-encoded path segment, or undefined when its escapes are malformed (`%`, `%E0%A4%A`): no id. */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Template ids: the UUID, or the web-app ID (base64 of `tpl` + UUID, standard or URL-safe
 * alphabet, with or without padding). Returns the UUID in lower case, or undefined.
 */
export function templateIdFrom(value: string): string | undefined {
  if (isUuid(value)) return value.toLowerCase();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  const decoded = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
  if (!decoded.startsWith('tpl')) return undefined;
  const uuid = decoded.slice(3);
  return isUuid(uuid) ? uuid.toLowerCase() : undefined;
}

export function templateWebAppId(uuid: string): string {
  return Buffer.from(`tpl${uuid}`, 'latin1').toString('base64');
}
