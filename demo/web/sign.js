// The signing page a signing link opens: /demo/sign.html?signer=<id>#link=<link token>.
// The signer id is in the query so the server can pick the page's frame policy (the group's xframe_allow).
// The link token (in the fragment, so it never reaches server logs or Referer headers) is
// exchanged for a short-lived signer component token, which <esign-signer> uses.
// `?signer=…&token=…` (a component token minted with an API key) works too.
import { exchangeLink, showProblem } from './link-page.js';
import { applyLang, pageLang, t } from './i18n.js';
const query = new URLSearchParams(location.search);
const fragment = new URLSearchParams(location.hash.slice(1));
const signer = query.get('signer') || fragment.get('signer');
const link = fragment.get('link');
const main = document.getElementById('main');
let lang = pageLang();
applyLang(lang, 'sign.title');

const show = (text) => showProblem(main, text);
const tokenFromLink = () => exchangeLink(signer, 'link-session', link, (status) => t(lang, 'sign.refused', { status }));

/** The signer alone (no editor or viewer code on this page), fetched while the link is exchanged. */
const SIGNER_MODULE = '/dist/cdn/esign-signer.min.js';

async function start() {
  if (!signer || (!link && !query.get('token'))) {
    show(t(lang, 'sign.needLink'));
    return;
  }
  const loaded = import(SIGNER_MODULE);
  loaded.catch(() => {}); // a failure is said below, once the link is exchanged
  const pdfWorker = startPdfWorker();
  let token = query.get('token');
  let expiresIn = 900;
  let documentName = '';
  let language = '';
  try {
    if (link) ({ token, expires_in: expiresIn, language } = await tokenFromLink());
    // The document's language, unless ?lang= says otherwise; <esign-signer> follows the page's.
    lang = pageLang(language);
    const pageStrings = applyLang(lang, 'sign.title'); // the document's language may be a table still to fetch
    history.replaceState(null, '', location.pathname); // the link and token leave the address bar
    const library = await loaded;
    await pageStrings;
    if (pdfWorker) library.setPdfWorkerPort?.(pdfWorker);
    if (!customElements.get('esign-signer')) throw new Error('The built library does not define <esign-signer>: run `npm run build` and reload.');
  } catch (error) {
    show(error instanceof Error ? error.message : String(error));
    return;
  }
  const element = document.createElement('esign-signer');
  element.setAttribute('signer', signer);
  element.setAttribute('token', token);
  element.setAttribute('endpoint', location.origin);
  element.addEventListener('esign-ready', () => {
    // The element shows the document's name; the tab says it too.
    documentName = element.shadowRoot?.querySelector('.header h2')?.textContent || '';
    if (documentName) document.title = t(lang, 'sign.tab', { name: documentName });
  });
  // Once everyone has signed, the element itself offers "Download the signed PDF": fetched when the person clicks,
  // so the server records a download only when one happens (the page fetching it ahead recorded one that never did).
  element.addEventListener('esign-error', (event) => console.warn('esign-signer:', event.detail.message));
  main.replaceChildren(element);
  if (link) renewBeforeExpiry(element, expiresIn);
}

/**
 * pdf.js's worker (the page's largest download) starts with the page rather than once the element has loaded
 * and asked for the PDF; the element's pdf.js then uses it (setPdfWorkerPort). Null where workers cannot start.
 */
function startPdfWorker() {
  try {
    return new Worker('/dist/cdn/pdf.worker.min.mjs', { type: 'module' });
  } catch {
    return null;
  }
}

/** Signer tokens live minutes; the link is exchanged again a minute before expiry and the element keeps its state. */
function renewBeforeExpiry(element, seconds) {
  setTimeout(
    async () => {
      try {
        const fresh = await tokenFromLink();
        element.setAttribute('token', fresh.token);
        renewBeforeExpiry(element, fresh.expires_in);
      } catch (error) {
        console.warn('could not renew the signing session:', error);
      }
    },
    Math.max(30, seconds - 60) * 1000,
  );
}

void start();
