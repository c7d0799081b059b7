/**
 * The browser half of bench/signer.bench.ts: the same document through the same REST API, shown by
 * <esign-viewer> (until page 1 is painted) and by <esign-signer> (until page 1 is painted, the
 * first field's box is on it and its input is in the field bar, ready to type in).
 */
import { setPdfWorkerSrc } from '../src/internal/pdf-worker.ts';
import '../src/esign-viewer/esign-viewer.ts';
import '../src/esign-signer/esign-signer.ts';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

const stage = document.getElementById('stage')!;
const quiet = (): Promise<void> => new Promise((r) => setTimeout(r, 400));

interface Target {
  endpoint: string;
  token: string;
  document: string;
  signer: string;
}

async function viewer(t: Target): Promise<number> {
  const el = document.createElement('esign-viewer');
  el.setAttribute('hide-toolbar', '');
  const painted = new Promise<number>((resolve) => {
    el.addEventListener('esign-page-render', (event) => {
      if (event.detail.page === 1) resolve(performance.now());
    });
  });
  const started = performance.now();
  el.setAttribute('endpoint', t.endpoint);
  el.setAttribute('token', t.token);
  el.setAttribute('document', t.document);
  stage.replaceChildren(el);
  const elapsed = (await painted) - started;
  stage.replaceChildren();
  await quiet();
  return elapsed;
}

async function signer(t: Target): Promise<number> {
  const el = document.createElement('esign-signer');
  el.setAttribute('no-redirect', '');
  const started = performance.now();
  el.setAttribute('endpoint', t.endpoint);
  el.setAttribute('token', t.token);
  el.setAttribute('signer', t.signer);
  stage.replaceChildren(el);
  const readyAt = await new Promise<number>((resolve, reject) => {
    el.addEventListener('esign-error', (event) => reject(new Error(event.detail.message)));
    const check = () => {
      const root = el.shadowRoot;
      const page = root?.querySelector('.page[data-page="1"][data-rendered]');
      if (page && page.querySelector('.field.own[data-active]') && root!.querySelector('#field-input')) resolve(performance.now());
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  stage.replaceChildren();
  await quiet();
  return readyAt - started;
}

(window as unknown as { bench: unknown }).bench = { viewer, signer };
document.body.dataset.ready = '';
