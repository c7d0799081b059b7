import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCallbackUrl, classifyAddress, parseCallbackUrl } from './ssrf.ts';

test('public unicast addresses pass; every special-purpose range is named', () => {
  for (const ok of [
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4009:81f::200e',
    '64:ff9b::808:808',
  ]) {
    assert.equal(classifyAddress(ok), null, ok);
  }
  const refused: Array<[string, RegExp]> = [
    ['127.0.0.1', /loopback/],
    ['127.255.1.2', /loopback/],
    ['10.1.2.3', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['0.0.0.0', /unspecified/],
    ['224.0.0.1', /multicast/],
    ['255.255.255.255', /reserved/],
    ['198.18.0.1', /benchmarking/],
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['::ffff:127.0.0.1', /IPv4-mapped/],
    ['::ffff:8.8.8.8', /IPv4-mapped/],
    ['::ffff:7f00:1', /IPv4-mapped/],
    ['::127.0.0.1', /IPv4-compatible/],
    ['64:ff9b::7f00:1', /NAT64 of loopback/],
    ['2002:a00:1::1', /6to4 of private/],
    ['fc00::1', /unique local/],
    ['fd12:3456::1', /unique local/],
    ['fe80::1%eth0', /link-local/],
    ['ff02::1', /multicast/],
    ['2001:db8::1', /documentation/],
    ['2001::1', /IETF/],
  ];
  for (const [address, kind] of refused) assert.match(classifyAddress(address) ?? 'allowed', kind, address);
});

test('NAT64, IPv4-mapped/translated forms and the newer IPv6 special-purpose ranges are refused', () => {
  const refused: Array<[string, RegExp]> = [
    // NAT64 well-known prefix 64:ff9b::/96: judged by the IPv4 address it carries.
    ['64:ff9b::a00:1', /NAT64 of private/],
    ['64:ff9b::192.168.0.1', /NAT64 of private/],
    ['64:ff9b::a9fe:a9fe', /NAT64 of link-local/],
    // Local-use NAT64 64:ff9b:1::/48 (RFC 8215): a private network's translator.
    ['64:ff9b:1::1', /local-use NAT64/],
    ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', /local-use NAT64/],
    ['64:ff9b:1::808:808', /local-use NAT64/],
    // ::ffff:0:0/96 (mapped) and ::ffff:0:0:0/96 (translated), whatever the IPv4 address.
    ['::ffff:0:0', /IPv4-mapped IPv6 of 0\.0\.0\.0/],
    ['::ffff:ffff:ffff', /IPv4-mapped IPv6 of 255\.255\.255\.255/],
    ['::ffff:0:0:0', /IPv4-translated IPv6 of 0\.0\.0\.0/],
    ['::ffff:0:7f00:1', /IPv4-translated IPv6 of 127\.0\.0\.1/],
    ['::ffff:0:8.8.8.8', /IPv4-translated IPv6 of 8\.8\.8\.8/],
    ['::ffff:0:ffff:ffff', /IPv4-translated/],
    // 3fff::/20 (documentation, RFC 9637) and 5f00::/16 (SRv6 SIDs, RFC 9602).
    ['3fff::1', /documentation/],
    ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', /documentation/],
    ['5f00::1', /segment routing/],
    ['5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff', /segment routing/],
  ];
  for (const [address, kind] of refused) assert.match(classifyAddress(address) ?? 'allowed', kind, address);
  // Just outside each range: ordinary global unicast.
  for (const ok of ['64:ff9b::808:808', '3fff:1000::1', '5f01::1', '5eff:ffff::1']) assert.equal(classifyAddress(ok), null, ok);
});

test('the same forms are refused as literal callback hosts', async () => {
  const resolve = async () => {
    throw new Error('DNS must not be used for literal addresses');
  };
  for (const host of ['64:ff9b::7f00:1', '64:ff9b:1::1', '::ffff:0:127.0.0.1', '::ffff:0:0', '3fff::1', '5f00::1']) {
    const result = await checkCallbackUrl(`http://[${host}]/hook`, { allowPrivate: false, resolve });
    assert.equal(result.ok, false, host);
  }
});

test('syntax: scheme, length, credentials', () => {
  assert.equal(parseCallbackUrl('https://example.com/hook').ok, true);
  const cases: Array<[unknown, RegExp]> = [
    [undefined, /required/],
    ['', /required/],
    ['not a url', /not an absolute URL/],
    ['ftp://example.com/', /http or https, not ftp/],
    ['file:///etc/passwd', /http or https, not file/],
    ['javascript:alert(1)', /http or https/],
    ['https://user:pw@example.com/', /user name or password/],
    [`https://example.com/${'a'.repeat(481)}`, /501 characters; the maximum is 500/],
  ];
  for (const [raw, message] of cases) {
    const result = parseCallbackUrl(raw);
    assert.equal(result.ok, false, String(raw));
    if (!result.ok) assert.match(result.message, message);
  }
  assert.equal(parseCallbackUrl(`https://example.com/${'a'.repeat(480)}`).ok, true, 'exactly 500 is allowed');
});

test('resolution: a host is refused when any of its addresses is private; development mode allows it', async () => {
  const resolve = async (host: string) => {
    if (host === 'public.test') return [{ address: '93.184.216.34', family: 4 }];
    if (host === 'mixed.test')
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ];
    if (host === 'rebind.test') return [{ address: '::ffff:169.254.169.254', family: 6 }];
    throw Object.assign(new Error('no such host'), { code: 'ENOTFOUND' });
  };
  assert.equal((await checkCallbackUrl('https://public.test/x', { allowPrivate: false, resolve })).ok, true);
  const mixed = await checkCallbackUrl('https://mixed.test/x', { allowPrivate: false, resolve });
  assert.equal(mixed.ok, false);
  if (!mixed.ok) assert.match(mixed.message, /10\.0\.0\.5 \(private\)/);
  const rebind = await checkCallbackUrl('http://rebind.test/', { allowPrivate: false, resolve });
  assert.equal(rebind.ok, false);
  const missing = await checkCallbackUrl('http://missing.test/', { allowPrivate: true, resolve });
  assert.equal(missing.ok, false);
  if (!missing.ok) assert.match(missing.message, /could not be resolved \(ENOTFOUND\)/);
  assert.equal((await checkCallbackUrl('http://mixed.test/', { allowPrivate: true, resolve })).ok, true);
});

test('literal IP hosts are judged without DNS, including bracketed IPv6 and decimal-encoded IPv4', async () => {
  const resolve = async () => {
    throw new Error('DNS must not be used for literal addresses');
  };
  for (const url of ['http://127.0.0.1:8080/', 'http://[::1]/', 'http://2130706433/', 'http://0x7f.1/', 'http://[::ffff:10.0.0.1]/', 'http://0/']) {
    const result = await checkCallbackUrl(url, { allowPrivate: false, resolve });
    assert.equal(result.ok, false, url);
  }
  assert.equal((await checkCallbackUrl('http://127.0.0.1:9/', { allowPrivate: true, resolve })).ok, true);
});

test('real DNS: localhost is loopback', async () => {
  const result = await checkCallbackUrl('http://localhost:1234/hook', { allowPrivate: false });
  assert.equal(result.ok, false);
  if (!result.ok) assert.match(result.message, /loopback|could not be resolved/);
});
