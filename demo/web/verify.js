// The /verify/ page: posts the dropped PDF to POST /api/v1/verify/ and shows the verdict.
// A separate file (no inline script), so the page works under a CSP without 'unsafe-inline'.
import { applyLang, pageLang, t } from '/demo/i18n.js';

const lang = pageLang();
applyLang(lang, 'verify.title');
const drop = document.getElementById('drop');
const input = document.getElementById('file');
const result = document.getElementById('result');

/** The verdict in words (the server's code when this page does not know it). */
const verdictTitle = (verdict) => (t(lang, `verify.verdict.${verdict}`) === `verify.verdict.${verdict}` ? verdict : t(lang, `verify.verdict.${verdict}`));

function row(list, label, value) {
  if (value === null || value === undefined || value === '') return;
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.textContent = String(value);
  list.append(dt, dd);
}

/** A date and time in the page's language (the raw value when it is not one). */
function when(value) {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'long' }).format(date) : String(value ?? '');
}

function show(answer) {
  const good = answer.ok && answer.sealed_by_this_server;
  result.hidden = false;
  result.className = good ? 'ok' : 'bad';
  document.getElementById('verdict').textContent = good ? t(lang, 'verify.good') : verdictTitle(answer.verdict);
  // The headline says it for a good seal; otherwise the server's sentence explains the verdict (and is
  // not shown when it only repeats the headline).
  const same = (a, b) => a.trim().replace(/[.!]$/, '').toLowerCase() === b.trim().replace(/[.!]$/, '').toLowerCase();
  const headline = document.getElementById('verdict').textContent;
  document.getElementById('message').textContent = good || same(answer.message ?? '', headline) ? '' : (answer.message ?? '');
  const list = document.getElementById('details');
  list.replaceChildren();
  const doc = answer.document;
  if (doc) {
    row(list, t(lang, 'verify.document'), doc.name);
    row(list, t(lang, 'verify.completed'), when(doc.completed));
    row(list, t(lang, 'verify.parties'), new Intl.ListFormat(lang, { type: 'unit' }).format(doc.parties.map((p) => `${p.name} (${p.role})`)));
  }
  const seal = answer.signatures.find((s) => s.trusted) ?? answer.signatures[answer.signatures.length - 1];
  if (seal?.signer)
    row(list, t(lang, 'verify.signedBy'), t(lang, 'verify.signedByValue', { name: seal.signer.common_name, fingerprint: seal.signer.fingerprint }));
  if (seal?.timestamp) row(list, t(lang, 'verify.timestamp'), when(seal.timestamp));
  if (answer.sealed_revision) row(list, t(lang, 'verify.sealedRevision'), t(lang, 'verify.revisionOf', { n: answer.sealed_revision, total: answer.revisions }));
  if (answer.changed_revision) row(list, t(lang, 'verify.changedRevision'), answer.changed_revision);
  row(list, t(lang, 'verify.fileSha'), answer.sha256);
}

async function check(file) {
  result.hidden = false;
  result.className = '';
  document.getElementById('verdict').textContent = t(lang, 'verify.checking', { name: file.name });
  document.getElementById('message').textContent = '';
  document.getElementById('details').replaceChildren();
  try {
    const response = await fetch('/api/v1/verify/', { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: file });
    const body = await response.json();
    if (!response.ok) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
    show(body);
  } catch (error) {
    result.className = 'bad';
    document.getElementById('verdict').textContent = t(lang, 'verify.failed');
    document.getElementById('message').textContent = error instanceof Error ? error.message : String(error);
  }
}

input.addEventListener('change', () => {
  if (input.files?.[0]) check(input.files[0]);
});
drop.addEventListener('dragover', (event) => {
  event.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (event) => {
  event.preventDefault();
  drop.classList.remove('over');
  const file = event.dataTransfer?.files?.[0];
  if (file) check(file);
});
