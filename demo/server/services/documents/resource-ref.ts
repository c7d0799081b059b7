/**
 * Reading resource references in request bodies: a resource URI (`/api/v1/group/my-team/`), the
 * same URI as a full URL, the bare id, and for templates the web-app id (base64 of `tpl` + UUID).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[-\w]{1,64}$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Decodes a web-app id with the given 3-letter prefix to its UUID, or null when it is not one. */
export function decodeWebAppId(value: string, prefix: string): string | null {
  if (!/^[A-Za-z0-9+/_-]{20,80}={0,2}$/.test(value)) return null;
  const text = Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('latin1');
  if (!text.startsWith(prefix)) return null;
  const rest = text.slice(prefix.length);
  if (UUID.test(rest)) return rest.toLowerCase();
  // Also accept the UUID written without hyphens.
  if (/^[0-9a-f]{32}$/i.test(rest)) {
    const h = rest.toLowerCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return null;
}

export function encodeWebAppId(uuid: string, prefix: string): string {
  return Buffer.from(prefix + uuid, 'latin1').toString('base64');
}

export type RefResult = { ok: true; id: string } | { ok: false; message: string };

/**
 * The id inside a reference to a `kind` resource (`group`, `templatepdf`, ...).
 * `webAppPrefix` enables web-app ids (e.g. `tpl`); `uuidOnly` requires a UUID id.
 */
export function readResourceRef(value: unknown, kind: string, opts: { webAppPrefix?: string; uuidOnly?: boolean } = {}): RefResult {
  if (typeof value !== 'string' || value.trim() === '') {
    return { ok: false, message: `must be a ${kind} resource URI like /api/v1/${kind}/{id}/` };
  }
  let text = value.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      text = new URL(text).pathname;
    } catch {
      return { ok: false, message: `is not a valid URL` };
    }
  }
  let id = text;
  if (text.startsWith('/')) {
    const match = text.match(new RegExp(`^/api/v1/${kind}/([^/]+)/?$`));
    if (!match) return { ok: false, message: `must be a ${kind} resource URI like /api/v1/${kind}/{id}/ (got ${JSON.stringify(value)})` };
    id = decodeURIComponent(match[1]);
  }
  if (opts.webAppPrefix && !UUID.test(id)) {
    const decoded = decodeWebAppId(id, opts.webAppPrefix);
    if (decoded) return { ok: true, id: decoded };
  }
  if (opts.uuidOnly) {
    if (!UUID.test(id))
      return {
        ok: false,
        message: `does not name a ${kind}: ${JSON.stringify(id)} is ${opts.webAppPrefix ? 'neither a UUID nor a web-app id' : 'not a UUID'}`,
      };
    return { ok: true, id: id.toLowerCase() };
  }
  if (!ID.test(id)) return { ok: false, message: `does not name a ${kind}: ${JSON.stringify(id)} is not a valid id` };
  return { ok: true, id };
}
