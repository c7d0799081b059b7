// The demo journey, step by step, against this server's REST API with the demo key
// (GET /api/v1/demo/session/, loopback and development only).
import { applyLang, listOf, pageLang, t } from '/demo/i18n.js';

const $ = (id) => document.getElementById(id);
const lang = pageLang();
applyLang(lang, 'journey.title');
for (const n of [1, 2]) {
  $(`s${n}-name`).setAttribute('aria-label', t(lang, 'journey.signerName', { n }));
  $(`s${n}-email`).setAttribute('aria-label', t(lang, 'journey.signerEmail', { n }));
  $(`s${n}-sms`).setAttribute('aria-label', t(lang, 'journey.signerSms', { n }));
}
const state = { key: '', group: '', template: '', document: '', recipients: [], title: '' };
const documentName = t(lang, 'journey.documentName');
/** What was uploaded and sent, kept across reloads (this browser only); "Start again" forgets it. */
const SAVED = 'esign-journey';
const remember = () => localStorage.setItem(SAVED, JSON.stringify({ template: state.template, document: state.document, title: state.title }));

async function api(method, path, body, extraHeaders = {}) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${state.key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...extraHeaders },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const error = await response.json().catch(() => null);
    throw new Error(error?.error?.message ?? t(lang, 'journey.httpError', { status: response.status }));
  }
  return response;
}

// Words for the status numbers of the REST API (demo/server/domain/statuses.ts); the server's own text otherwise.
const known = (key, fallback) => (t(lang, key) === key ? (fallback ?? '') : t(lang, key));
const documentStatus = (d) => known(`journey.doc.${d.status}`, d.statusText);
const recipientStatus = (r) => known(`journey.recipient.${r.status}`, r.statusText);
const personOf = (r) => `${r.firstname} ${r.lastname}`.trim() || r.email;

const enable = (section, on = true) => $(section).setAttribute('aria-disabled', on ? 'false' : 'true');
const say = (id, text, problem = false) => {
  $(id).textContent = text;
  $(id).classList.toggle('problem', problem);
};

/** Runs `work` with a spinner on the status `where` and the buttons disabled, so nothing runs twice. */
async function busy(where, buttons, work) {
  const status = $(where);
  status.setAttribute('aria-busy', 'true');
  for (const b of buttons) b.disabled = true;
  try {
    return await work();
  } finally {
    status.setAttribute('aria-busy', 'false');
    for (const b of buttons) if (!b.dataset.done) b.disabled = false;
  }
}

/**
 * A ready-made field set in the sample's SIGNATURES block (page 2; positions measured from its text, as
 * fractions of the page): each signer signs on their column's signature line and has their name and the
 * signing date on the lines below; signer 1's other fields (a date, a pattern, a tick) and signer 2's tick
 * go in the empty space under the block, so no field covers the contract's text. `fieldorder` leads each
 * signer through the fields to fill first and the signature last.
 */
function exampleFields() {
  const LEFT = { ax: 0.1176, bx: 0.4771 };
  const RIGHT = { ax: 0.5392, bx: 0.8987 };
  const f = (signer, element_type, column, ay, by, extra = {}) => ({
    ...column,
    ay,
    by,
    page: 2,
    element_type,
    signer,
    validation: null,
    options: '',
    value: '',
    label: '',
    label_extra: '',
    optional: false,
    font_name: '',
    font_size: 11,
    align: 1,
    fieldorder: null,
    hide_border: false,
    no_pdf: false,
    logic_action: null,
    logic_group: '',
    map_to: '',
    substantive: false,
    ...extra,
  });
  return [
    f(1, 'signature', LEFT, 0.399, 0.4545, { fieldorder: 5 }),
    f(1, 'text', LEFT, 0.492, 0.522, { label: t(lang, 'journey.field.fullName'), fieldorder: 1 }),
    f(1, 'text', LEFT, 0.555, 0.585, { label: t(lang, 'journey.field.signedOn'), validation: 48, fieldorder: 6 }),
    f(1, 'text', LEFT, 0.63, 0.66, { label: t(lang, 'journey.field.startDate'), validation: 4, fieldorder: 2 }),
    f(1, 'text', LEFT, 0.68, 0.71, { label: t(lang, 'journey.field.reference'), validation: 93, options: '^[A-Z]{2}-\\d{4}$', fieldorder: 3 }),
    f(1, 'text', LEFT, 0.73, 0.755, { label: t(lang, 'journey.field.agree'), validation: 25, bx: LEFT.ax + 0.045, fieldorder: 4 }),
    f(2, 'signature', RIGHT, 0.399, 0.4545, { fieldorder: 3 }),
    f(2, 'text', RIGHT, 0.492, 0.522, { label: t(lang, 'journey.field.secondName'), fieldorder: 1 }),
    f(2, 'text', RIGHT, 0.555, 0.585, { label: t(lang, 'journey.field.countersignedOn'), validation: 48, fieldorder: 4 }),
    f(2, 'text', RIGHT, 0.63, 0.655, { label: t(lang, 'journey.field.accepted'), validation: 25, bx: RIGHT.ax + 0.045, fieldorder: 2 }),
  ];
}

async function connect() {
  const response = await fetch('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.error?.message ?? t(lang, 'journey.sessionRefused', { status: response.status }));
  state.key = body.key;
  state.group = body.group;
  say('session', t(lang, body.email_mode === 'smtp' ? 'journey.connectedSmtp' : 'journey.connectedOutbox'));
}

async function upload(bytes, title) {
  say('document-state', t(lang, 'journey.uploading'));
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const response = await api('POST', '/api/v1/templatepdf/?returnAsJson=1', { group: state.group, title, pdf_file: btoa(binary), process_tags: true });
  state.template = (await response.json()).resource.uid;
  state.title = title;
  say('document-state', t(lang, 'journey.uploaded', { title }));
  await openEditor();
}

const isPdf = (bytes) => bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';

/** PUTs `file` to a signed upload URL, saying the percent sent as it goes (fetch cannot report upload progress). */
function putWithProgress(url, file) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable)
        showProgress(t(lang, 'journey.uploadProgress', { percent: Math.floor((100 * event.loaded) / event.total) }), event.loaded / event.total);
    });
    // Every byte sent: the server is converting now (the PUT answers when the conversion has started or finished).
    request.upload.addEventListener('load', () => showProgress(t(lang, 'journey.converting')));
    request.addEventListener('load', () => {
      if (request.status < 300) return resolve();
      let message;
      try {
        message = JSON.parse(request.responseText)?.error?.message;
      } catch {
        // not JSON
      }
      reject(new Error(message ?? t(lang, 'journey.httpError', { status: request.status })));
    });
    request.addEventListener('error', () => reject(new Error(t(lang, 'journey.httpError', { status: 0 }))));
    request.send(file);
  });
}

/** The status line with a progress bar under it: `fraction` 0..1, or undefined for "working, no percent". */
function showProgress(text, fraction) {
  say('document-state', text);
  const bar = document.createElement('progress');
  bar.max = 1;
  if (fraction !== undefined) bar.value = fraction;
  bar.setAttribute('aria-label', text);
  $('document-state').append(' ', bar);
}

/**
 * Word, spreadsheets, HTML, text and images: the server's upload flow (POST /api/v1/uploads/, PUT the file to the
 * signed URL, then its status until the converted template is ready). The format is detected from the bytes there.
 */
async function convertAndUpload(file, title) {
  const minted = await (await api('POST', '/api/v1/uploads/', { group: state.group, title, process_tags: true })).json();
  showProgress(t(lang, 'journey.uploadProgress', { percent: 0 }), 0);
  await putWithProgress(minted.upload_url, file);
  for (;;) {
    const upload = await (await api('GET', minted.status_uri)).json();
    if (upload.status === 'done') return upload.template_id;
    if (upload.status === 'failed') throw new Error(t(lang, 'journey.convertFailed', { reason: upload.error?.message ?? '' }));
    showProgress(t(lang, 'journey.converting'));
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
}

/** A file the person chose or dropped: PDFs go up as they are, anything else through conversion. */
async function uploadFile(file) {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  const title = file.name.replace(/\.[^.]+$/, '') || file.name;
  if (isPdf(head)) return upload(new Uint8Array(await file.arrayBuffer()), title);
  state.template = await convertAndUpload(file, title);
  state.title = title;
  say('document-state', t(lang, 'journey.uploaded', { title }));
  await openEditor();
}

async function openEditor() {
  const { token } = await (await api('GET', `/api/v1/templatepdf/${state.template}/component-token/?expires_in=3600`)).json();
  const editor = document.createElement('esign-editor');
  editor.setAttribute('template', state.template);
  editor.setAttribute('token', token);
  editor.setAttribute('endpoint', location.origin);
  editor.setAttribute('signers', 'Signer 1,Signer 2');
  // One upload control at a time: once a document is open, the editor's own file button (and a drop on the
  // editor) replaces it, and step 1's picker is hidden. The page mints the upload URL with its key, the editor
  // uploads and shows progress, and the converted template opens in its place.
  editor.requestUpload = async (file) => {
    const title = file.name.replace(/\.[^.]+$/, '') || file.name;
    const minted = await (await api('POST', '/api/v1/uploads/', { group: state.group, title, process_tags: true })).json();
    return minted.upload_url;
  };
  editor.addEventListener('esign-upload', async (event) => {
    state.template = event.detail.templateId;
    state.title = event.detail.file.name.replace(/\.[^.]+$/, '');
    remember();
    const fresh = await (await api('GET', `/api/v1/templatepdf/${state.template}/component-token/?expires_in=3600`)).json();
    editor.setAttribute('token', fresh.token);
    editor.setAttribute('template', state.template);
    say('document-state', t(lang, 'journey.uploaded', { title: event.detail.file.name.replace(/\.[^.]+$/, '') }));
  });
  editor.addEventListener('esign-save', (event) =>
    say(
      'fields-state',
      event.detail.ok
        ? t(lang, 'journey.savedFields', { count: event.detail.fields.length })
        : t(lang, 'journey.notSaved', { reason: event.detail.error ?? t(lang, 'journey.seeProblems') }),
      !event.detail.ok,
    ),
  );
  $('editor-slot').replaceChildren(editor);
  remember();
  $('choose-document').hidden = true;
  $('start-over').hidden = false;
  enable('step-fields');
  enable('step-send');
  for (const id of ['example-fields', 'send']) $(id).disabled = false;
}

/**
 * One Idempotency-Key per send: a retry after a lost answer (or a second click that slipped through)
 * gets the first answer back instead of a second document. A new key once the recipients change.
 */
// (crypto.randomUUID needs a secure context; a page opened through a LAN address is not one.)
const newKey = () => crypto.randomUUID?.() ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
let sendKey = newKey();
for (const id of ['s1-name', 's1-email', 's1-sms', 's2-name', 's2-email', 's2-sms', 'do-email'])
  $(id).addEventListener('change', () => {
    sendKey = newKey();
  });

async function send() {
  const editor = document.querySelector('esign-editor');
  say('send-state', t(lang, 'journey.savingFields'));
  if (editor) {
    const saved = await editor.save();
    if (!saved.ok) throw new Error(t(lang, 'journey.fieldsNotSaved', { reason: saved.error ?? saved.problems.map((p) => p.message).join('; ') }));
  }
  const signer = (n) => {
    const [firstname, ...rest] = $(`s${n}-name`).value.trim().split(/\s+/);
    // A mobile number asks this signer for a one-time code by SMS before signing (its code: the SMS outbox below).
    const sms = $(`s${n}-sms`).value.trim();
    return { firstname, lastname: rest.join(' '), email: $(`s${n}-email`).value.trim(), order: n - 1, ...(sms ? { sms } : {}) };
  };
  say('send-state', t(lang, 'journey.sending'));
  const response = await api(
    'POST',
    '/api/v1/document/',
    {
      group: state.group,
      name: documentName,
      language: lang,
      templatepdf: `/api/v1/templatepdf/${state.template}/`,
      signers: [signer(1), signer(2)],
      do_email: $('do-email').checked,
      append_history: true,
    },
    { 'Idempotency-Key': sendKey },
  );
  state.document = /\/status\/([^/]+)\//.exec(response.headers.get('Location'))[1];
  remember();
  $('send').dataset.done = 'true'; // sent: the button stays disabled
  $('send').textContent = t(lang, 'journey.sent');
  const detail = await (await api('GET', `/api/v1/document/${state.document}/`)).json();
  state.recipients = detail.signer_objects;
  say('send-state', t(lang, 'journey.sentTo', { document: documentName, who: listOf(lang, state.recipients.map(personOf)) }));
  await showLinks();
  enable('step-sign');
  enable('step-final');
  follow();
}

async function showLinks() {
  const items = [];
  for (const r of state.recipients) {
    const { url } = await (await api('GET', `/api/v1/signer/${r.uuid}/sign-link/`)).json();
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = url;
    a.target = '_blank';
    a.rel = 'noopener';
    a.className = 'sign-link';
    a.dataset.order = String(r.order);
    a.textContent = t(lang, 'journey.signAs', { name: personOf(r), n: r.order + 1 });
    li.append(a);
    items.push(li);
  }
  $('links').replaceChildren(...items);
}

/**
 * The status, live: the server's event stream of this document (GET /api/v1/status/{id}/events/, server-sent
 * events read with fetch so the demo key goes in the Authorization header). The page reads the document when
 * the stream opens and after each event; a dropped stream is opened again after a pause.
 */
let following = null;
function follow() {
  following?.abort();
  const controller = new AbortController();
  following = controller;
  void refreshSoon(); // the state now; the stream tells when it changes
  const pause = () => new Promise((resolve) => setTimeout(resolve, 2000));
  void (async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await fetch(`/api/v1/status/${state.document}/events/`, {
          headers: { Authorization: `Bearer ${state.key}` },
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(t(lang, 'journey.httpError', { status: response.status }));
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let events = 0;
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
            if (/^event: /m.test(buffer.slice(0, cut))) events++;
            buffer = buffer.slice(cut + 2);
          }
          if (events > 0) void refreshSoon();
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('status stream:', error);
      }
      await pause();
    }
  })();
}

/** One read of the document at a time; events arriving meanwhile ask for one more read after it. */
let reading = null;
let again = false;
async function refreshSoon() {
  if (reading) {
    again = true;
    return;
  }
  reading = guard(refresh, 'doc-status')();
  await reading;
  reading = null;
  if (again) {
    again = false;
    await refreshSoon();
  }
}

async function refresh() {
  const detail = await (await api('GET', `/api/v1/document/${state.document}/`)).json();
  const who = detail.signer_objects.map((r) => t(lang, 'journey.personStatus', { name: personOf(r), status: recipientStatus(r) }));
  say('doc-status', `${documentStatus(detail)} · ${new Intl.ListFormat(lang, { type: 'unit' }).format(who)}`);
  $('doc-status').dataset.status = String(detail.status);
  const outbox = await (await api('GET', `/api/v1/outbox/?document=${state.document}`)).json();
  $('outbox').replaceChildren(
    ...outbox.objects.map((e) => {
      // Collapsed: the subject and the address; the message opens on demand.
      const li = document.createElement('li');
      li.innerHTML = '<details><summary><strong></strong> <span class="to"></span></summary><pre></pre></details>';
      li.querySelector('strong').textContent = e.subject;
      li.querySelector('span').textContent = t(lang, 'journey.outboxTo', { address: e.to });
      li.querySelector('pre').textContent = e.text;
      return li;
    }),
  );
  if (detail.status === 30) {
    const pdf = await api('GET', `/api/v1/pdf/${state.document}/`);
    const a = document.createElement('a');
    a.id = 'download';
    a.href = URL.createObjectURL(await pdf.blob());
    a.download = t(lang, 'journey.finalFile', { name: documentName });
    a.textContent = t(lang, 'journey.downloadFinal');
    $('download-slot').replaceChildren(a, ...(await attachmentLinks()));
  }
}

/** Links to the files signers attached, and the final PDF zipped with the 76s (downloaded with the demo key). */
async function attachmentLinks() {
  const { objects } = await (await api('GET', `/api/v1/document/${state.document}/attachments/`)).json();
  const link = async (path, name, text) => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await (await api('GET', path)).blob());
    a.download = name;
    a.textContent = text;
    return a;
  };
  const links = [];
  for (const f of objects)
    links.push(await link(`/api/v1/document/${state.document}/attachments/${f.field}/`, f.name, t(lang, 'journey.attachment', { name: f.name })));
  if (objects.some((f) => f.validation === 76))
    links.push(await link(`/api/v1/document/${state.document}/attachments/zip/`, `${documentName}.zip`, t(lang, 'journey.zip')));
  return links;
}

function guard(fn, where) {
  return async (...args) => {
    try {
      await fn(...args);
    } catch (error) {
      say(where, error instanceof Error ? error.message : String(error), true);
      console.error(error);
    }
  };
}

$('use-sample').addEventListener(
  'click',
  guard(
    () =>
      busy('document-state', [$('use-sample')], async () =>
        upload(new Uint8Array(await (await fetch('/demo/sample.pdf')).arrayBuffer()), t(lang, 'journey.sampleTitle')),
      ),
    'document-state',
  ),
);
const takeFile = guard(async (file) => {
  if (file) await busy('document-state', [$('use-sample'), $('upload')], () => uploadFile(file));
}, 'document-state');
$('upload').addEventListener('change', (event) => takeFile(event.target.files[0]));
// The document step takes a dropped file too.
const dropZone = $('step-document');
dropZone.addEventListener('dragover', (event) => {
  if (![...(event.dataTransfer?.types ?? [])].includes('Files') || $('choose-document').hidden) return; // the editor takes it then
  event.preventDefault();
  dropZone.classList.add('dropping');
});
dropZone.addEventListener('dragleave', () => dropZone.classList.remove('dropping'));
dropZone.addEventListener('drop', (event) => {
  event.preventDefault();
  dropZone.classList.remove('dropping');
  const file = event.dataTransfer?.files[0];
  if (file && !$('upload').disabled && !$('choose-document').hidden) takeFile(file);
});
$('example-fields').addEventListener(
  'click',
  guard(
    () =>
      busy('fields-state', [$('example-fields')], async () => {
        const editor = document.querySelector('esign-editor');
        editor.fields = [...(editor.getFields?.() ?? []), ...exampleFields()];
        await editor.updateComplete; // the editor takes the new fields in its next update
        await editor.save();
      }),
    'fields-state',
  ),
);
// Disabled at once (before any await): a double click sends once.
$('send').addEventListener(
  'click',
  guard(() => busy('send-state', [$('send')], send), 'send-state'),
);

guard(async () => {
  try {
    await connect();
    await import('/dist/cdn/esign-elements.min.js');
  } finally {
    $('session').setAttribute('aria-busy', 'false');
  }
  await restore();
}, 'session')();

/** After a reload: the uploaded template back in the editor, and the sent document's links and status. */
async function restore() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(SAVED) ?? 'null');
  } catch {
    saved = null;
  }
  if (!saved?.template) return;
  Object.assign(state, { template: saved.template, title: saved.title ?? '' });
  try {
    await openEditor();
  } catch {
    localStorage.removeItem(SAVED); // the template is gone (another data directory): start afresh
    return;
  }
  say('document-state', t(lang, 'journey.uploaded', { title: state.title || t(lang, 'journey.sampleTitle') }));
  if (!saved.document) return;
  state.document = saved.document;
  remember();
  state.recipients = (await (await api('GET', `/api/v1/document/${state.document}/`)).json()).signer_objects;
  $('send').dataset.done = 'true';
  $('send').disabled = true;
  $('send').textContent = t(lang, 'journey.sent');
  await showLinks();
  enable('step-sign');
  enable('step-final');
  follow();
}

$('start-over').addEventListener('click', () => {
  following?.abort();
  localStorage.removeItem(SAVED);
  location.reload();
});
