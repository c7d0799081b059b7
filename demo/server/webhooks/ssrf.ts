/**
 * Server-side request forgery guard for webhook callback URLs. A callback may only reach public
 * unicast addresses, unless the server runs in development mode (then loopback and private
 * addresses are allowed so a receiver on the developer's machine works).
 *
 * The check runs when a URL is registered and again at every delivery, inside the connection's
 * DNS lookup (see delivery.ts): the address that was checked is the address connected to, so a
 * host that re-resolves to 127.0.0.1 after registration (DNS rebinding) is still refused.
 * Ranges come from the IANA special-purpose registries and are matched with node:net BlockList;
 * IPv6 forms that carry an IPv4 address (NAT64, mapped, translated, 6to4) are refused or judged by it.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export const MAX_CALLBACK_URL_LENGTH = 500;

/** How a developer's own receiver (loopback, private network) gets allowed: the refusal says it. */
export const DEVELOPMENT_HINT =
  'For a receiver on your own machine or network during development, start the server with --dev (or ESIGN_DEV=1; ' +
  '`webhooks.allowPrivateAddresses` when you build the app yourself): it then allows loopback and private addresses.';

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
// The IANA special-purpose address registries (RFC 6890 and later updates), held in node:net
// BlockLists. Forms that carry an IPv4 address (NAT64, 6to4) are also judged by that address.

type Range = [prefix: string, bits: number, kind: string];

/** IPv4 ranges a webhook must never reach. */
const IPV4_RANGES: Range[] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'AS112 direct delegation'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 ranges a webhook must never reach (checked in order: the first match names the kind). */
const IPV6_RANGES: Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d, RFC 2765) and IPv4-compatible
  // (::a.b.c.d): refused outright; a real receiver never publishes one, and stacks route them to the IPv4 address.
  ['::ffff:0:0', 96, 'IPv4-mapped IPv6'],
  ['::ffff:0:0:0', 96, 'IPv4-translated IPv6'],
  ['::', 96, 'IPv4-compatible IPv6'],
  ['64:ff9b:1::', 48, 'local-use NAT64 (private)'],
  ['100::', 64, 'discard-only'],
  ['2001::', 23, 'IETF protocol assignments (Teredo, benchmarking, ...)'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing (SRv6 SIDs)'],
  ['fc00::', 7, 'unique local (private)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
  ['::', 8, 'reserved'],
];

function blockListOf(ranges: Range[], family: 'ipv4' | 'ipv6'): Array<[BlockList, string]> {
  return ranges.map(([prefix, bits, kind]) => {
    const list = new BlockList();
    list.addSubnet(prefix, bits, family);
    return [list, kind];
  });
}

const IPV4_BLOCKS = blockListOf(IPV4_RANGES, 'ipv4');
const IPV6_BLOCKS = blockListOf(IPV6_RANGES, 'ipv6');
const NAT64 = blockListOf([['64:ff9b::', 96, 'NAT64']], 'ipv6')[0]![0];
const SIX_TO_FOUR = blockListOf([['2002::', 16, '6to4']], 'ipv6')[0]![0];

function classifyIpv4(address: string): string | null {
  for (const [list, kind] of IPV4_BLOCKS) if (list.check(address, 'ipv4')) return kind;
  return null;
}

/** The sixteen bytes of an IPv6 address; the URL parser first turns every textual form (dotted tail too) into hex groups. */
function ipv6Bytes(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.includes('::') ? canonical.split('::') : [canonical, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...fill, ...tailGroups].flatMap((g) => {
    const value = parseInt(g, 16);
    return [value >> 8, value & 0xff];
  });
}

function classifyIpv6(address: string): string | null {
  if (NAT64.check(address, 'ipv6')) {
    // NAT64 well-known prefix (inside ::/8): the last 32 bits are the IPv4 address it reaches.
    const inner = classifyIpv4(ipv6Bytes(address).slice(12).join('.'));
    return inner ? `NAT64 of ${inner}` : null;
  }
  for (const [list, kind] of IPV6_BLOCKS) {
    if (!list.check(address, 'ipv6')) continue;
    return kind.startsWith('IPv4-') ? `${kind} of ${ipv6Bytes(address).slice(12).join('.')}` : kind;
  }
  if (SIX_TO_FOUR.check(address, 'ipv6')) {
    const inner = classifyIpv4(ipv6Bytes(address).slice(2, 6).join('.'));
    if (inner) return `6to4 of ${inner}`;
  }
  return null;
}

/** Why an IP address is not a public unicast address, or null when it is. */
export function classifyAddress(address: string): string | null {
  // BlockList does not match scoped addresses (fe80::1%eth0): the zone is dropped before judging.
  const bare = address.split('%')[0]!;
  const family = isIP(bare);
  if (family === 4) return classifyIpv4(bare);
  if (family === 6) return classifyIpv6(bare);
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
      return { ok: false, message: `callback host ${host} resolves to ${address} (${kind}); only public addresses are allowed. ${DEVELOPMENT_HINT}` };
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
