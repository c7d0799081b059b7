// The edit link carries the template id in the query and the editor token in the fragment
// (fragments are never sent to servers, so the token stays out of logs).
import { applyLang, pageLang, t } from './i18n.js';

const lang = pageLang();
applyLang(lang, 'editor.title');
const query = new URLSearchParams(location.search);
const fragment = new URLSearchParams(location.hash.slice(1));
const template = query.get('template');
const token = fragment.get('token');
const show = (text) => {
  const p = document.createElement('p');
  p.className = 'problem';
  p.textContent = text;
  document.body.append(p);
};
if (!template || !token) {
  show(t(lang, 'editor.needLink'));
} else {
  try {
    // The self-contained bundle: the plain ESM entry leaves lit and pdf.js as bare imports for bundlers.
    await import('/dist/cdn/esign-elements.min.js');
    if (!customElements.get('esign-editor')) {
      throw new Error('The built library does not define <esign-editor>: run `npm run build` and reload.');
    }
    const editor = document.createElement('esign-editor');
    editor.setAttribute('template', template);
    editor.setAttribute('token', token);
    editor.setAttribute('endpoint', location.origin);
    document.body.append(editor);
    history.replaceState(null, '', location.pathname + location.search);
  } catch (error) {
    show(error instanceof Error && error.message.includes('esign-editor') ? error.message : t(lang, 'page.notBuilt'));
    console.error(error);
  }
}
