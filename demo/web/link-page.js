// What the signing and review pages share: a problem shown in place of the element, and the
// exchange of a link token (read from the URL fragment) for a component token at a public route.

/** Replaces the page's main content with an alert a person can read. */
export function showProblem(main, text) {
  const p = document.createElement('p');
  p.className = 'problem';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  main.replaceChildren(p);
}

/** POSTs `{ link }` to `/api/v1/signer/{signer}/{route}/`; answers the session or throws the server's message (else `refused(status)`). */
export async function exchangeLink(signer, route, link, refused) {
  const response = await fetch(`/api/v1/signer/${encodeURIComponent(signer)}/${route}/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ link }),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.error?.message ?? refused(response.status));
  return body;
}
