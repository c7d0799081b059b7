const $ = (id) => document.getElementById(id);
const keyInput = $('key');
keyInput.value = sessionStorage.getItem('esign-key') ?? '';
let selected = null;

function say(text, isError = false) {
  $('message').textContent = text;
  $('message').className = isError ? 'error' : '';
}

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${keyInput.value.trim()}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(json?.error?.message ?? `HTTP ${res.status}`);
  return json;
}

function row(cells, onClick) {
  const tr = document.createElement('tr');
  for (const cell of cells) {
    const td = document.createElement('td');
    if (cell instanceof Node) td.append(cell);
    else td.textContent = cell ?? '';
    tr.append(td);
  }
  if (onClick) {
    tr.style.cursor = 'pointer';
    tr.addEventListener('click', () => onClick(tr));
  }
  return tr;
}

async function loadRegistrations() {
  const list = await api('GET', '/api/v1/notifications/');
  $('registrations').replaceChildren(
    ...list.map((r) => {
      const remove = document.createElement('button');
      remove.className = 'secondary';
      remove.textContent = 'Remove';
      remove.addEventListener('click', async () => {
        await run(() => api('DELETE', `/api/v1/unsubscribe/${r.id}/`), 'Registration removed.');
        await loadRegistrations();
      });
      return row([r.callback_url, r.eventFilter || 'everything', r.group ?? 'all where admin', r.notify, r.has_hmac_secret ? 'yes' : 'no', remove]);
    }),
  );
}

async function loadDeliveries() {
  const state = $('state').value;
  const list = await api('GET', `/api/v1/webhook-deliveries/?limit=100${state ? `&state=${state}` : ''}`);
  $('deliveries').replaceChildren(
    ...list.objects.map((d) => {
      const stateCell = document.createElement('span');
      stateCell.className = `state-${d.state}`;
      stateCell.textContent = d.state;
      const tr = row(
        [
          String(d.id),
          `${d.object}.${d.event}${d.reason === 'replay' ? ' (replay)' : ''}${d.origin === 'trigger' ? ' (test)' : ''}`,
          d.document ?? '',
          stateCell,
          String(d.attempts),
          d.last_status ?? d.last_error ?? '',
          d.created,
        ],
        (el) => showDetail(d.id, el),
      );
      if (d.id === selected) tr.className = 'selected';
      return tr;
    }),
  );
}

async function showDetail(id, tr) {
  selected = id;
  for (const other of $('deliveries').children) other.className = '';
  if (tr) tr.className = 'selected';
  const d = await api('GET', `/api/v1/webhook-deliveries/${id}/`);
  $('detail').hidden = false;
  $('detail-id').textContent = `#${d.id} → ${d.callback_url}`;
  $('detail-body').textContent = JSON.stringify(JSON.parse(d.request_body), null, 2);
  $('attempts').replaceChildren(
    ...d.attempts_log.map((a) => row([String(a.attempt), a.started, a.status ?? '—', a.outcome, String(a.duration_ms), a.error ?? a.response_body ?? ''])),
  );
}

async function loadJobs() {
  const state = $('job-state').value;
  const list = await api('GET', `/api/v1/jobs/?limit=100${state ? `&state=${state}` : ''}`);
  $('jobs').replaceChildren(
    ...list.objects.map((j) => {
      const stateCell = document.createElement('span');
      stateCell.className = `state-${j.state === 'done' ? 'delivered' : j.state}`;
      stateCell.textContent = j.state;
      let action = '';
      if (j.state !== 'done') {
        action = document.createElement('button');
        action.className = 'secondary';
        action.textContent = 'Retry';
        action.addEventListener('click', () =>
          run(async () => {
            const after = await api('POST', `/api/v1/jobs/${j.id}/retry/`);
            await loadJobs();
            say(after.state === 'done' ? `Done: ${after.document_name} is complete.` : `Failed again: ${after.last_error}`, after.state !== 'done');
          }),
        );
      }
      return row([`${j.document_name} (${j.document})`, j.kind, stateCell, String(j.attempts), j.next_attempt ?? '', j.last_error, action]);
    }),
  );
}

async function run(work, done) {
  try {
    await work();
    if (done) say(done);
  } catch (error) {
    say(error.message, true);
  }
}

$('load').addEventListener('click', () => {
  sessionStorage.setItem('esign-key', keyInput.value.trim());
  run(async () => {
    await loadRegistrations();
    await loadDeliveries();
    await loadJobs();
  }, 'Loaded.');
});
$('refresh-jobs').addEventListener('click', () => run(loadJobs));
$('job-state').addEventListener('change', () => run(loadJobs));
$('refresh').addEventListener('click', () => run(loadDeliveries));
$('state').addEventListener('change', () => run(loadDeliveries));
$('replay').addEventListener('click', () =>
  run(async () => {
    const d = await api('POST', `/api/v1/webhook-deliveries/${selected}/replay/`);
    await loadDeliveries();
    say(`Queued again as delivery #${d.id}.`);
  }),
);
$('subscribe').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = Object.fromEntries(new FormData(event.target));
  for (const name of Object.keys(form)) if (form[name] === '') delete form[name];
  run(async () => {
    await api('POST', '/api/v1/subscribe/', form);
    await loadRegistrations();
  }, 'Subscribed.');
});
$('trigger').addEventListener('submit', (event) => {
  event.preventDefault();
  const { object, event: name, id } = Object.fromEntries(new FormData(event.target));
  const body = { object, event: name, [object === 'document' ? 'document' : 'recipient']: id.trim() };
  run(async () => {
    const result = await api('POST', '/api/v1/webhook-events/trigger/', body);
    say(`Event ${result.event_id} queued for ${result.registrations.length} registration(s).`);
    await loadDeliveries();
  });
});
/**
 * Right after `npm run demo` on this machine the dashboard needs no key: the server hands its demo
 * session key to pages on loopback in development (GET /api/v1/demo/session/ with X-Esign-Demo: 1, as
 * the journey page does). Elsewhere that is refused and the key field is the way in.
 */
async function useDemoSession() {
  try {
    const response = await fetch('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } });
    if (!response.ok) return false;
    const body = await response.json();
    if (!body?.key) return false;
    keyInput.value = body.key;
    $('key-note').textContent = 'Using the demo session of this machine (development only). Paste another API key to see its webhooks.';
    return true;
  } catch {
    return false;
  }
}

if (keyInput.value || (await useDemoSession())) $('load').click();
else say('Paste an API key (the server printed one on first start; `npx esign-server api-key create` makes another) and press Load.');
