// The SMS outbox beside the emails on the journey page (issue 29): the one-time codes sent by text
// message while no SMS provider is configured (GET /api/v1/sms-outbox/ with the demo key), newest
// first. Read again every few seconds while the page is shown, and at once when it is shown again
// (the signer asked for a code in another tab). Its own module: the journey script knows nothing of it.
const box = document.getElementById('sms-outbox');
if (box) void start(box);

async function start(box) {
  const session = await fetch('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } });
  if (!session.ok) return; // not a demo server: nothing to show
  const { key } = await session.json();
  box.innerHTML = '<h3>Text messages (SMS outbox)</h3><p class="note"></p><ul class="outbox sms"></ul>';
  const note = box.querySelector('p');
  const list = box.querySelector('ul');
  let shown = '';

  async function refresh() {
    const response = await fetch('/api/v1/sms-outbox/?limit=20', { headers: { Authorization: `Bearer ${key}` } });
    if (!response.ok) return;
    const { mode, objects } = await response.json();
    const seen = JSON.stringify(objects.map((m) => m.id));
    if (seen === shown) return; // unchanged: the list (and a screen reader) is left alone
    shown = seen;
    note.textContent =
      mode === 'local'
        ? objects.length
          ? 'One-time codes for signers sent with a phone number (sms), as they would arrive.'
          : 'No text messages yet: a signer sent with a phone number (sms) gets its one-time code here.'
        : `Text messages go through ${mode}: none are kept here.`;
    list.replaceChildren(
      ...objects.map((m) => {
        const li = document.createElement('li');
        li.innerHTML = '<strong></strong> <time></time><br><span></span>';
        li.querySelector('strong').textContent = m.to;
        li.querySelector('time').dateTime = m.created;
        li.querySelector('time').textContent = new Date(m.created).toLocaleTimeString();
        li.querySelector('span').textContent = m.text;
        return li;
      }),
    );
  }

  await refresh();
  setInterval(() => document.visibilityState === 'visible' && void refresh(), 3000);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void refresh());
}
