/**
 * The few REST calls the elements make with a component token
 * (`Authorization: Bearer <token>`), per the service specification.
 */
import type { FieldElement } from '../fields/types.ts';

export type RestResource = 'template' | 'document';

export class RestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'RestError';
    this.status = status;
  }
}

export function apiBase(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/api/v1`;
}

/** URL of the fields of a template (`templatepdf`) or a document. */
export function restFieldsUrl(endpoint: string, resource: RestResource, id: string): string {
  const path = resource === 'template' ? 'templatepdf' : 'document';
  return `${apiBase(endpoint)}/${path}/${encodeURIComponent(id)}/fields/`;
}

/** Reads a template's or document's fields; accepts a bare array or a `{ objects }` list. */
export async function fetchFields(endpoint: string, token: string, resource: RestResource, id: string, signal?: AbortSignal): Promise<FieldElement[]> {
  const response = await fetch(restFieldsUrl(endpoint, resource, id), {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    signal,
  });
  if (!response.ok) {
    let detail = response.statusText;
    try {
      const body = await response.json();
      detail = body?.message ?? body?.error ?? detail;
    } catch {
      // not JSON
    }
    throw new RestError(response.status, String(detail));
  }
  const body = await response.json();
  const list = Array.isArray(body) ? body : Array.isArray(body?.objects) ? body.objects : null;
  if (!list) throw new RestError(response.status, 'The server answered with something that is not a list of fields.');
  return list as FieldElement[];
}
