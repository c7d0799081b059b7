/**
 * The template fields operation of the REST API, as the editor uses it with a component token:
 * `GET {endpoint}/api/v1/templatepdf/{id}/fields/` reads, `POST` to the same path replaces every field.
 * Beside src/internal's read-only `fetchFields`, this also writes, and reads the server's error shape
 * (`{ error: { message, fields } }`) so a refused save names the fields and says why.
 */
import { restFieldsUrl } from '../../internal/rest-client.ts';

export interface TemplateRef {
  endpoint: string;
  token: string;
  template: string;
}

/** A failed call, with the HTTP status (0 for a network failure) and the server's message when it gave one. */
export class TemplateFieldsError extends Error {
  readonly status: number;
  /** Field names the server rejected (validation answers), if any. */
  readonly fields: string[];

  constructor(message: string, status: number, fields: string[] = []) {
    super(message);
    this.name = 'TemplateFieldsError';
    this.status = status;
    this.fields = fields;
  }
}

export function templateFieldsUrl(ref: TemplateRef): string {
  return restFieldsUrl(ref.endpoint, 'template', ref.template);
}

/** The element list in a fields answer: a bare array, or one wrapped in `objects` or `fields`. */
export function elementsOf(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    const o = body as { objects?: unknown; fields?: unknown };
    if (Array.isArray(o.objects)) return o.objects;
    if (Array.isArray(o.fields)) return o.fields;
  }
  return null;
}

async function call(ref: TemplateRef, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(templateFieldsUrl(ref), {
      ...init,
      headers: { Accept: 'application/json', Authorization: `Bearer ${ref.token}`, ...(init.headers as Record<string, string>) },
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw new TemplateFieldsError('The server could not be reached. Check the connection and try again.', 0);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw errorFrom(response.status, body);
  return body;
}

function errorFrom(status: number, body: unknown): TemplateFieldsError {
  // The server's shape is `{ error: { status, code, message, fields: [{ field, message }] } }`; flat bodies are read too.
  const outer = (body ?? {}) as { error?: unknown };
  const b = (outer.error && typeof outer.error === 'object' ? outer.error : outer) as { message?: unknown; error?: unknown; detail?: unknown; fields?: unknown; problems?: unknown };
  const said = [b.message, b.error, b.detail].find((v) => typeof v === 'string') as string | undefined;
  const list = Array.isArray(b.fields) ? b.fields : Array.isArray(b.problems) ? b.problems : [];
  const fields = list.map((p) => (p && typeof p === 'object' ? String((p as { field?: unknown }).field ?? '') : String(p)));
  if (status === 401 || status === 403) return new TemplateFieldsError(said ?? `Access refused (HTTP ${status}): the token has expired or does not cover this template.`, status, fields);
  if (status === 404) return new TemplateFieldsError(said ?? 'The template was not found (HTTP 404).', status, fields);
  return new TemplateFieldsError(said ?? `The server answered HTTP ${status}.`, status, fields);
}

/** Reads a template's fields (raw entries, for the field validator). */
export async function readTemplateFields(ref: TemplateRef, signal?: AbortSignal): Promise<unknown[]> {
  const body = await call(ref, { method: 'GET', signal });
  const list = elementsOf(body);
  if (!list) throw new TemplateFieldsError('The server answered with something that is not a list of fields.', 200);
  return list;
}

/** Replaces a template's fields; returns what the server answered (its stored fields) when it answered a list. */
export async function writeTemplateFields(ref: TemplateRef, elements: readonly unknown[], signal?: AbortSignal): Promise<unknown[] | null> {
  const body = await call(ref, { method: 'POST', signal, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(elements) });
  return elementsOf(body);
}
