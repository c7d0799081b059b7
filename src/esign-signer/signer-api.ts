/**
 * The signer operations the element calls with its signer component token
 * (`Authorization: Bearer <token>`), under `{endpoint}/api/v1/signer/{id}/`.
 */
import { apiBase, RestError, restJson } from '../internal/rest-client.ts';
import type { PdfErrorCode } from '../internal/pdf-source.ts';
import type { SignerField } from './signer-model.ts';
import { decodePageSizes, type PageDimensions } from '../fields/page-sizes.ts';

export interface SigningView {
  signer: {
    uuid: string;
    firstname: string;
    lastname: string;
    email: string;
    role: 'signer' | 'witness' | 'approver';
    status: number;
    statusText: string;
    signer_number: number;
    rejection_reason: string;
  };
  document: { uuid: string; name: string; status: number; statusText: string; pdf: string; page_count: number; redirect: string };
  can_sign: boolean;
  blocked_reason: '' | 'waiting' | 'finished' | 'rejected' | 'withdrawn' | 'removed';
  fields: SignerField[];
  /** The one-time code step before the fields open (absent from servers without it: no step). */
  verification?: VerificationView;
  /** Page 1 as an image, shown until pdf.js has rendered it; `width`/`height`: the page in points (absent: none). */
  first_page_image?: { url: string; width: number; height: number };
}

/** Whether this recipient must enter a one-time code first, and where that stands. */
export interface VerificationView {
  /** The channel the code goes by; null when none is asked. */
  required: 'sms' | 'email' | null;
  verified: boolean;
  verified_at: string | null;
  method: string | null;
  /** Where codes go, masked (`+44 7••• ••• 123`, `a••@example.com`). */
  destination: string;
  /** The code waiting to be entered, if any. */
  code: { expires_at: string; tries_left: number } | null;
  /** Seconds before another code may be sent. */
  resend_in: number;
}

export interface SigningAnswer {
  status: number;
  statusText?: string;
  document_status?: number;
  redirect?: string;
  problems?: { field: string; message: string }[];
}

/**
 * A refused operation: HTTP status, the server's message and its per-field problems (`values.<uuid>`).
 * `code` is the server's own error code (`validation_failed`, …), `network` when it was not reached, else `http`.
 */
export class SigningError extends RestError {
  readonly code: string;
  readonly fields: { field: string; message: string }[];
  constructor(status: number, code: string, message: string, fields: { field: string; message: string }[] = []) {
    super(status, message, fields, code);
    this.code = code;
    this.fields = fields;
  }
}

/** One signer call through the shared REST client; its failures become SigningErrors (aborts pass through). */
async function request<T>(endpoint: string, token: string, signer: string, op: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return (await restJson(`${apiBase(endpoint)}/signer/${encodeURIComponent(signer)}/${op}/`, { token, body, signal })) as T;
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    const code = error.serverCode || (error.kind === 'network' ? 'network' : 'http');
    throw new SigningError(error.status, code, error.message, error.problems);
  }
}

export const signingApi = {
  read: (endpoint: string, token: string, signer: string, signal?: AbortSignal) => request<SigningView>(endpoint, token, signer, 'signing', undefined, signal),
  visit: (endpoint: string, token: string, signer: string) => request<SigningAnswer>(endpoint, token, signer, 'visit', {}),
  save: (endpoint: string, token: string, signer: string, values: Record<string, string>) =>
    request<SigningAnswer>(endpoint, token, signer, 'save', { values }),
  /** `codes`: the secret code of each code-guarded signature (validation 73 on a signature), by field uuid. */
  complete: (endpoint: string, token: string, signer: string, values: Record<string, string>, codes: Record<string, string> = {}) =>
    request<SigningAnswer>(endpoint, token, signer, 'complete', Object.keys(codes).length ? { values, codes } : { values }),
  reject: (endpoint: string, token: string, signer: string, reason: string) => request<SigningAnswer>(endpoint, token, signer, 'reject', { reason }),
  verification: (endpoint: string, token: string, signer: string) => request<VerificationView>(endpoint, token, signer, 'verification'),
  sendCode: (endpoint: string, token: string, signer: string) =>
    request<{ channel: string; to: string; expires_at: string; resend_in: number }>(endpoint, token, signer, 'verification/send', {}),
  checkCode: (endpoint: string, token: string, signer: string, code: string) =>
    request<VerificationView>(endpoint, token, signer, 'verification/check', { code }),
  attach: (endpoint: string, token: string, signer: string, upload: { field: string; name: string; type: string; data: string }) =>
    request<{ field: string; name: string; type: string; bytes: number }>(endpoint, token, signer, 'attachment', upload),
};

/** The address of page 1's image (GET /api/v1/signer/{id}/first-page/), fetched alongside the signing view. */
export const firstPageImageUrl = (endpoint: string, signer: string): string => `${apiBase(endpoint)}/signer/${encodeURIComponent(signer)}/first-page/`;

export interface PageImage {
  /** An object URL of the image (the caller revokes it). */
  url: string;
  /** The page in PDF points (the server's `X-Esign-Page-Size: width height`). */
  width: number;
  height: number;
  /** Every page's size (`X-Esign-Page-Sizes`), page 1 first; empty when the server did not say. */
  pageSizes: PageDimensions[];
}

/** Page 1's image and the page's size, or null when there is none or it failed: the page then waits for pdf.js. */
export async function fetchPageImage(url: string, token: string, signal: AbortSignal): Promise<PageImage | null> {
  try {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal, priority: 'high' } as RequestInit);
    const [width, height] = (response.headers.get('X-Esign-Page-Size') ?? '').split(' ').map(Number);
    if (!response.ok || !/^image\//.test(response.headers.get('Content-Type') ?? '') || !(width > 0 && height > 0)) return null;
    const pageSizes = decodePageSizes(response.headers.get('X-Esign-Page-Sizes') ?? '') ?? [];
    return { url: URL.createObjectURL(await response.blob()), width, height, pageSizes };
  } catch {
    return null;
  }
}

/** The document id a signer token opens (its `ext.document` claim), read without verifying, to start loading the PDF at once. */
export function documentIdOfToken(token: string): string {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload?.ext?.document === 'string' ? payload.ext.document : '';
  } catch {
    return '';
  }
}

/** The `esign-error` code for a failed call. */
export function codeOf(error: unknown): PdfErrorCode {
  return error instanceof RestError ? error.kind : 'unknown';
}

/** Only http(s) redirects are followed (never javascript: or data: URLs). */
export function safeRedirect(url: string): boolean {
  if (!url) return false;
  try {
    return /^https?:$/.test(new URL(url, location.href).protocol);
  } catch {
    return false;
  }
}
