// The reviewer's page a review link opens: /demo/review.html?signer=<id>#link=<review link token>.
// The signer id is in the query so the server can pick the page's frame policy (the group's xframe_allow).
// The link (in the fragment, so it never reaches server logs or Referer headers) is exchanged for a
// read-only review token (the document's PDF and fields only), which <esign-viewer> uses. Once the
// document is complete the server answers the final signed PDF, offered for download too.
import { exchangeLink, showProblem } from './link-page.js';
import { applyLang, pageLang, t } from './i18n.js';
const fragment = new URLSearchParams(location.hash.slice(1));
const signer = new URLSearchParams(location.search).get('signer') || fragment.get('signer');
const link = fragment.get('link');
const main = document.getElementById('main');
let lang = pageLang();
applyLang(lang, 'review.title');

const show = (text) => showProblem(main, text);
const tokenFromLink = () => exchangeLink(signer, 'review-session', link, (status) => t(lang, 'review.refused', { status }));

async function offerDownload(token, documentId) {
  const response = await fetch(`/api/v1/pdf/${documentId}/`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) return;
  const final = response.headers.get('X-Esign-Pdf') === 'final';
  const a = document.createElement('a');
  a.className = 'download';
  a.href = URL.createObjectURL(await response.blob());
  const name = t(lang, 'page.document');
  a.download = final ? t(lang, 'sign.file', { name }) : `${name}.pdf`;
  a.textContent = t(lang, final ? 'review.downloadSigned' : 'review.download');
  document.getElementById('after').replaceChildren(a);
}

async function start() {
  if (!signer || !link) {
    show(t(lang, 'review.needLink'));
    return;
  }
  let session;
  try {
    session = await tokenFromLink();
    lang = pageLang(session.language);
    await applyLang(lang, 'review.title'); // the document's language may be a table still to fetch
    history.replaceState(null, '', location.pathname); // the link leaves the address bar
    await import('/dist/cdn/esign-elements.min.js');
    if (!customElements.get('esign-viewer')) throw new Error('The built library does not define <esign-viewer>: run `npm run build` and reload.');
  } catch (error) {
    show(error instanceof Error ? error.message : String(error));
    return;
  }
  const viewer = document.createElement('esign-viewer');
  viewer.setAttribute('document', session.document);
  viewer.setAttribute('token', session.token);
  viewer.setAttribute('endpoint', location.origin);
  viewer.addEventListener('esign-error', (event) => show(event.detail.message));
  main.replaceChildren(viewer);
  void offerDownload(session.token, session.document);
}

void start();
