/**
 * A stand-in for the server's signer operations at http://signer.test, for browser tests and
 * Storybook (which have no server): fetch is intercepted for that origin only. It holds a document
 * PDF made with pdf-lib and a recipient's fields, checks completions with src/fields as the real
 * server does, and records every call. The real server is exercised by the demo/server tests and
 * the e2e journey.
 */
import { generatePdf, type GeneratePdfOptions } from '../generate-pdf.ts';
import { checkCompletion, normalizeElement } from '../../../src/fields/index.ts';
import type { FieldElement } from '../../../src/fields/types.ts';
import type { SignerField } from '../../../src/esign-signer/signer-model.ts';
import { fakeVerification, type FakeVerification } from './signer-fake-verification.ts';

export const ENDPOINT = 'http://signer.test';
export const SIGNER = '11111111-1111-4111-8111-111111111111';
const DOCUMENT = '22222222-2222-4222-8222-222222222222';

export interface FakeServer {
  /** Every call: the operation (`pdf` for the PDF), its body, and its query string (`?force_download=1`). */
  calls: { op: string; body: unknown; query: string }[];
  fields: SignerField[];
  /** The one-time code step, when the recipient was sent with one (signer-fake-verification.ts). */
  otp: FakeVerification | null;
  restore(): void;
}

let uid = 0;
export function ownField(partial: Partial<FieldElement>): SignerField {
  return {
    ...normalizeElement({ ax: 0.1, ay: 0.1, bx: 0.4, by: 0.14, page: 1, element_type: 'text', signer: 1, ...partial }),
    uuid: `f-${++uid}`,
    editable: true,
  } as SignerField;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export async function fakeServer(
  fields: SignerField[],
  opts: {
    pages?: number;
    canSign?: boolean;
    redirect?: string;
    role?: 'signer' | 'witness' | 'approver';
    verification?: Parameters<typeof fakeVerification>[0];
    /** Page 1 as an image (served at /signer/{id}/first-page/ and named by the signing view), with the page's size in points. */
    firstPage?: { image: Blob; width: number; height: number; pageSizes?: string };
    /** The PDF is answered only once this settles (pdf.js held back, as on a slow phone). */
    pdfHeld?: Promise<unknown>;
    /** Page sizes and rotations of the generated PDF (US Letter upright by default). */
    pdfPages?: Pick<GeneratePdfOptions, 'width' | 'height' | 'rotate'>;
  } = {},
): Promise<FakeServer> {
  const pdf = await generatePdf({ pages: opts.pages ?? 2, text: (i) => `Agreement page ${i + 1}`, ...opts.pdfPages });
  const realFetch = window.fetch;
  const server: FakeServer = {
    calls: [],
    fields,
    otp: opts.verification ? fakeVerification(opts.verification) : null,
    restore: () => {
      window.fetch = realFetch;
    },
  };
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(ENDPOINT)) return realFetch(input, init);
    const path = new URL(url).pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const op = /\/signer\/[^/]+\/(verification\/\w+|[\w-]+)\/$/.exec(path)?.[1] ?? (path.startsWith('/api/v1/pdf/') ? 'pdf' : path);
    server.calls.push({ op, body, query: new URL(url).search });
    if (server.otp && op.startsWith('verification')) return server.otp.handle(op, body);
    if (server.otp && !server.otp.verified && (op === 'save' || op === 'complete' || op === 'reject'))
      return json({ error: { status: 403, code: 'verification_required', message: 'Enter the code first.' } }, 403);
    if (op === 'first-page') {
      if (!opts.firstPage) return json({ error: { status: 404, code: 'no_page_image', message: 'no image' } }, 404);
      return new Response(opts.firstPage.image, {
        headers: {
          'Content-Type': opts.firstPage.image.type,
          'X-Esign-Page-Size': `${opts.firstPage.width} ${opts.firstPage.height}`,
          ...(opts.firstPage.pageSizes ? { 'X-Esign-Page-Sizes': opts.firstPage.pageSizes } : {}),
        },
      });
    }
    if (op === 'pdf') {
      await opts.pdfHeld;
      // The final PDF once the (only) recipient completed, as the server says with X-Esign-Pdf.
      const final = server.calls.some((c) => c.op === 'complete');
      const headers = { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.length), 'X-Esign-Pdf': final ? 'final' : 'source' };
      const disposition = url.includes('force_download=1') ? 'attachment' : 'inline';
      return new Response(pdf.slice(), { headers: { ...headers, 'Content-Disposition': `${disposition}; filename="Service agreement.pdf"` } });
    }
    if (op === 'signing') {
      return json({
        signer: {
          uuid: SIGNER,
          firstname: 'Ann',
          lastname: 'Tester',
          email: 'ann@example.com',
          role: opts.role ?? 'signer',
          status: 10,
          statusText: 'sent',
          signer_number: 1,
          rejection_reason: '',
        },
        document: {
          uuid: DOCUMENT,
          name: 'Service agreement',
          status: 10,
          statusText: 'available',
          pdf: `/api/v1/pdf/${DOCUMENT}/`,
          page_count: opts.pages ?? 2,
          redirect: opts.redirect ?? '',
        },
        can_sign: opts.canSign ?? true,
        blocked_reason: opts.canSign === false ? 'waiting' : '',
        fields: server.fields,
        ...(opts.firstPage
          ? { first_page_image: { url: `/api/v1/signer/${SIGNER}/first-page/`, width: opts.firstPage.width, height: opts.firstPage.height } }
          : {}),
        ...(server.otp ? { verification: server.otp.view() } : {}),
      });
    }
    if (op === 'visit' || op === 'save') return json({ status: 20 });
    if (op === 'complete') {
      const values = (body as { values: Record<string, string> }).values;
      const own = server.fields.filter((f) => f.editable);
      const problems = checkCompletion(
        own.map((f) => ({ ...f, value: f.validation && f.validation >= 30 && f.validation <= 48 ? '' : (values[f.uuid!] ?? '') })),
      );
      if (problems.length) {
        const fieldsOut = problems.map((p) => ({ field: `values.${own[Number(/\[(\d+)\]/.exec(p.field)![1])].uuid}`, message: p.message }));
        return json({ error: { status: 422, code: 'validation_failed', message: 'Not complete', fields: fieldsOut } }, 422);
      }
      return json({ status: 40, document_status: 30, redirect: opts.redirect ?? '' });
    }
    if (op === 'reject') return json({ status: 60, document_status: 50 });
    if (op === 'attachment') {
      const upload = body as { field: string; name: string; type: string; data: string };
      const field = server.fields.find((f) => f.uuid === upload.field && f.editable && f.validation !== null && f.validation >= 74 && f.validation <= 76);
      if (!field) return json({ error: { status: 422, code: 'invalid', message: 'That is not one of your attachment fields.' } }, 422);
      return json({ field: field.uuid, name: upload.name, type: upload.type || 'application/octet-stream', bytes: atob(upload.data).length });
    }
    return json({ error: { status: 404, code: 'not_found', message: 'no' } }, 404);
  };
  return server;
}

/** A token whose payload names the document, shaped like the server's (not verified by the element). */
export function fakeToken(): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64({ ext: { document: DOCUMENT } })}.sig`;
}
