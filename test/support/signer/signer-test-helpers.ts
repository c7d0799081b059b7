/** Helpers for the signer's browser tests: a loaded <esign-signer> on the stand-in server (signer-fake-server.ts). */
import { fixture, html, oneEvent } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { setPdfWorkerSrc } from '../../../src/internal/pdf-worker.ts';
import type { EsignSigner } from '../../../src/esign-signer/esign-signer.ts';
import type { SignerField } from '../../../src/esign-signer/signer-model.ts';
import { ENDPOINT, SIGNER, fakeServer, fakeToken } from './signer-fake-server.ts';
import type { FakeServer } from './signer-fake-server.ts';
import '../../../src/esign-signer/esign-signer.ts';

export { ownField } from './signer-fake-server.ts';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

export async function loadSigner(
  fields: SignerField[],
  opts: Parameters<typeof fakeServer>[1] & { attrs?: Record<string, string>; dir?: string; lang?: string } = {},
): Promise<{ el: EsignSigner; server: FakeServer }> {
  const server = await fakeServer(fields, opts);
  const el = await fixture<EsignSigner>(
    html`<esign-signer style="width:780px;height:560px" dir=${ifDefined(opts.dir)} lang=${ifDefined(opts.lang)} no-redirect></esign-signer>`,
  );
  for (const [k, v] of Object.entries(opts.attrs ?? {})) el.setAttribute(k, v);
  const ready = oneEvent(el, 'esign-ready');
  el.endpoint = ENDPOINT;
  el.token = fakeToken();
  el.signer = SIGNER;
  await ready;
  await el.updateComplete;
  return { el, server };
}

export function q<T extends Element = HTMLElement>(el: EsignSigner, selector: string): T {
  const found = el.shadowRoot!.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

export function capture(el: EsignSigner): HTMLElement & { shadowRoot: ShadowRoot } {
  return q(el, 'esign-signature-capture') as HTMLElement & { shadowRoot: ShadowRoot };
}
