/**
 * Server-side request forgery guard for webhook callback URLs. A callback may only reach public
 * unicast addresses, unless the server runs in development mode (then loopback and private
 * addresses are allowed so a receiver on the developer's machine works).
 *
 * The check runs when a URL is registered and again at every delivery, inside the connection's
 * DNS lookup (see delivery.ts): the address that was checked is the address connected to, so a
 * host that re-resolves to 127.0.0.1 after registration (DNS rebinding) is still refused.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export const MAX_CALLBACK_URL_LENGTH = 500;

export interface CallbackUrlProblem {
  ok: false;
  message: string;
}

/** Syntax rules for a callback URL, without touching the network. */
export function parseCallbackUrl(raw: unknown): { ok: true; url: URL } | CallbackUrlProblem {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, message: 'callback_url is required' };
  if (raw.length > MAX_CALLBACK_URL_LENGTH) {
    return { ok: false, message: `callback_url is ${raw.length} characters; the maximum is ${MAX_CALLBACK_URL_LENGTH}` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'callback_url is not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `callback_url must use http or https, not ${url.protocol.replace(':', '')}` };
  }
  if (url.username || url.password) return { ok: false, message: 'callback_url must not contain a user name or password' };
  if (!url.hostname) return { ok: false, message: 'callback_url has no host' };
  return { ok: true, url };
}

// ---- Address classification --------------------------------------------------------------------

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** Reserved IPv4 ranges a webhook must never reach (RFC 6890 special-purpose registry). */
const IPV4_BLOCKS: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function classifyIpv4(address: string): string | null {
  const value = ipv4ToNumber(address);
  for (const [base, bits, kind] of IPV4_BLOCKS) {
    const size = 2 ** (32 - bits);
    const start = ipv4ToNumber(base);
    if (value >= start && value < start + size) return kind;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (accepts `::` and a trailing dotted IPv4). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v >>> 16).toString(16)}:${(v & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...fill, ...tailGroups].map((g) => parseInt(g, 16));
}

const embeddedIpv4 = (hi: number, lo: number): string => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

function classifyIpv6(address: string): string | null {
  const g = ipv6Groups(address);
  const allZeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (allZeroUpTo(8)) return 'unspecified';
  if (allZeroUpTo(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): refused outright; a real
  // receiver never publishes one, and some stacks route them to the IPv4 address.
  if (allZeroUpTo(5) && g[5] === 0xffff) return 'IPv4-mapped IPv6';
  if (allZeroUpTo(6)) return 'IPv4-compatible IPv6';
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    // NAT64 well-known prefix: judge the IPv4 address it carries.
    const inner = classifyIpv4(embeddedIpv4(g[6], g[7]));
    if (inner) return `NAT64 of ${inner}`;
  }
  if (g[0] === 0x2002) {
    const inner = classifyIpv4(embeddedIpv4(g[1], g[2]));
    if (inner) return `6to4 of ${inner}`;
  }
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique local (private)';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return 'discard-only';
  if (g[0] === 0x2001 && g[1] < 0x0200) return 'IETF protocol assignments (Teredo, benchmarking, ...)';
  return null;
}

/** Why an IP address is not a public unicast address, or null when it is. */
export function classifyAddress(address: string): string | null {
  const family = isIP(address.split('%')[0]);
  if (family === 4) return classifyIpv4(address);
  if (family === 6) return classifyIpv6(address);
  return 'not an IP address';
}

export interface GuardOptions {
  /** Development mode: loopback and private addresses are allowed. */
  allowPrivate: boolean;
  /** DNS resolution, replaceable in tests. */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

export type ResolvedTarget = { ok: true; url: URL; addresses: Array<{ address: string; family: number }> } | CallbackUrlProblem;

const defaultResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** Strips the brackets URL keeps around an IPv6 host. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Checks resolved addresses; every one must be allowed (a host may answer with any of them). */
export function checkAddresses(host: string, addresses: Array<{ address: string }>, allowPrivate: boolean): CallbackUrlProblem | null {
  if (addresses.length === 0) return { ok: false, message: `callback host ${host} does not resolve to any address` };
  if (allowPrivate) return null;
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind) {
      return { ok: false, message: `callback host ${host} resolves to ${address} (${kind}); only public addresses are allowed` };
    }
  }
  return null;
}

/** Full check of a callback URL: syntax, then every address its host resolves to. */
export async function checkCallbackUrl(raw: unknown, options: GuardOptions): Promise<ResolvedTarget> {
  const parsed = parseCallbackUrl(raw);
  if (!parsed.ok) return parsed;
  const host = bareHost(parsed.url);
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'error';
      return { ok: false, message: `callback host ${host} could not be resolved (${code})` };
    }
  }
  const problem = checkAddresses(host, addresses, options.allowPrivate);
  return problem ?? { ok: true, url: parsed.url, addresses };
}
