// The /verify/ page: posts the dropped PDF to POST /api/v1/verify/ and shows the verdict.
// A separate file (no inline script), so the page works under a CSP without 'unsafe-inline'.
const drop = document.getElementById('drop');
const input = document.getElementById('file');
const result = document.getElementById('result');

const TITLES = {
  sealed: 'Sealed and unchanged',
  modified: 'Changed after it was sealed',
  broken_signature: 'The seal is broken',
  other_signer: 'Signed, but not by this server',
  not_sealed: 'Not sealed',
  truncated: 'Incomplete file',
  not_pdf: 'Not a PDF',
};

function row(list, label, value) {
  if (value === null || value === undefined || value === '') return;
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.textContent = String(value);
  list.append(dt, dd);
}

function show(answer) {
  const good = answer.ok && answer.sealed_by_this_server;
  result.hidden = false;
  result.className = good ? 'ok' : 'bad';
  document.getElementById('verdict').textContent = good ? 'Sealed by this server and unchanged since' : (TITLES[answer.verdict] ?? answer.verdict);
  document.getElementById('message').textContent = answer.message;
  const list = document.getElementById('details');
  list.replaceChildren();
  const doc = answer.document;
  if (doc) {
    row(list, 'Document', doc.name);
    row(list, 'Completed', doc.completed);
    row(list, 'Parties', doc.parties.map((p) => `${p.name} (${p.role})`).join(', '));
  }
  const seal = answer.signatures.find((s) => s.trusted) ?? answer.signatures[answer.signatures.length - 1];
  if (seal?.signer) row(list, 'Signed by', `${seal.signer.common_name} (SHA-256 ${seal.signer.fingerprint})`);
  if (seal?.timestamp) row(list, 'Timestamp', seal.timestamp);
  if (answer.sealed_revision) row(list, 'Sealed revision', `${answer.sealed_revision} of ${answer.revisions}`);
  if (answer.changed_revision) row(list, 'Changed in revision', answer.changed_revision);
  row(list, 'File SHA-256', answer.sha256);
}

async function check(file) {
  result.hidden = false;
  result.className = '';
  document.getElementById('verdict').textContent = `Checking ${file.name}…`;
  document.getElementById('message').textContent = '';
  document.getElementById('details').replaceChildren();
  try {
    const response = await fetch('/api/v1/verify/', { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: file });
    const body = await response.json();
    if (!response.ok) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
    show(body);
  } catch (error) {
    result.className = 'bad';
    document.getElementById('verdict').textContent = 'Could not check the file';
    document.getElementById('message').textContent = error instanceof Error ? error.message : String(error);
  }
}

input.addEventListener('change', () => { if (input.files?.[0]) check(input.files[0]); });
drop.addEventListener('dragover', (event) => { event.preventDefault(); drop.classList.add('over'); });
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (event) => {
  event.preventDefault();
  drop.classList.remove('over');
  const file = event.dataTransfer?.files?.[0];
  if (file) check(file);
});
