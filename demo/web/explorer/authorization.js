// Which credential the explorer sends when the person has not set an Authorization header themselves:
// opened from the portal (#portal), the signed-in person's access token, read from the portal's own session
// storage on this origin (portal/session.js: refreshed when it expired); otherwise the local demo key in
// development (the server hands it out on loopback only, as to the other demo pages), else a stored portal
// session, else none (GraphiQL's headers editor takes one).
import { accessToken, storedUser } from '../portal/session.js';

async function demoKey() {
  try {
    const response = await fetch('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } });
    return response.ok ? ((await response.json()).key ?? null) : null;
  } catch {
    return null;
  }
}

async function portalToken() {
  try {
    const user = await storedUser();
    return user ? await accessToken(user) : null;
  } catch {
    return null;
  }
}

/**
 * The source chosen once when the page opens: `{ kind: 'portal' | 'demo' | 'none', current() }`, where current()
 * answers the Authorization value to send now (a portal token is asked for each time: it may have been refreshed).
 */
export async function chooseAuthorization(hash = location.hash) {
  const bearer = (value) => (value ? `Bearer ${value}` : null);
  if (hash !== '#portal') {
    const key = await demoKey();
    if (key) return { kind: 'demo', current: async () => bearer(key) };
  }
  if (await portalToken()) return { kind: 'portal', current: async () => bearer(await portalToken()) };
  return { kind: 'none', current: async () => null };
}
