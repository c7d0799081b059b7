// The signing-page preview `POST /api/v1/document/preview/` redirects to: /demo/preview.html#<preview id>.
// The id (in the fragment, so it stays out of logs) reads the rendered PDF and its fields once; the page shows
// them in <esign-viewer> as a signer would see them, without anything to sign.
import { showProblem } from './link-page.js';
import { applyLang, pageLang, t } from './i18n.js';

const lang = pageLang();
applyLang(lang, 'preview.title');
const main = document.getElementById('main');
const id = location.hash.slice(1);
const show = (text) => showProblem(main, text);

async function start() {
  history.replaceState(null, '', location.pathname); // the one-use id leaves the address bar
  if (!id) return show(t(lang, 'preview.expired'));
  const response = await fetch(`/api/v1/preview/${encodeURIComponent(id)}/`);
  if (!response.ok) return show(t(lang, 'preview.expired'));
  const preview = await response.json();
  try {
    await import('/dist/cdn/esign-elements.min.js');
    if (!customElements.get('esign-viewer')) throw new Error('The built library does not define <esign-viewer>: run `npm run build` and reload.');
  } catch (error) {
    return show(error instanceof Error ? error.message : String(error));
  }
  document.getElementById('title').textContent = preview.title;
  const viewer = document.createElement('esign-viewer');
  viewer.fields = preview.fields;
  viewer.data = Uint8Array.from(atob(preview.pdf), (c) => c.charCodeAt(0));
  viewer.addEventListener('esign-error', (event) => show(event.detail.message));
  main.replaceChildren(viewer);
}

void start();
