import { applyLang, pageLang, t } from '/demo/i18n.js';

const lang = pageLang();
applyLang(lang, 'index.title');
const host = location.host;
for (const pre of document.querySelectorAll('pre')) pre.textContent = pre.textContent.replaceAll('HOST', host);
try {
  // The self-contained bundle: the plain ESM entry leaves lit and pdf.js as bare imports for bundlers.
  await import('/dist/cdn/esign-elements.min.js');
  // Fields on the sample's signature lines (page 2), as fractions of the page.
  const viewer = document.getElementById('viewer');
  viewer.fields = [
    { ax: 0.1176, ay: 0.399, bx: 0.4771, by: 0.4545, page: 2, element_type: 'signature', signer: 1, label: t(lang, 'index.providerSignature') },
    { ax: 0.5392, ay: 0.399, bx: 0.8987, by: 0.4545, page: 2, element_type: 'signature', signer: 2, label: t(lang, 'index.clientSignature') },
  ];
} catch (error) {
  document.getElementById('not-built').style.display = 'block';
  console.error(error);
}
