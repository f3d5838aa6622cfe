import { webhookTypeOf } from './outbox';
import { isPrivateAddress, refuseWebhookUrl } from './webhook-url';

describe('webhook addresses', () => {
  // One row per form: [form, address, refused?]. Each IPv6 form that carries an IPv4 is tried with a private
  // and (where the form is judged by its IPv4) a public one.
  const table: [string, string, boolean][] = [
    ['IPv4 0/8', '0.1.2.3', true],
    ['IPv4 unspecified', '0.0.0.0', true],
    ['IPv4 10/8', '10.0.0.8', true],
    ['IPv4 100.64/10', '100.64.0.1', true],
    ['IPv4 100.64/10 end', '100.127.255.254', true],
    ['IPv4 127/8', '127.0.0.1', true],
    ['IPv4 127/8 other', '127.1.2.3', true],
    ['IPv4 169.254/16', '169.254.169.254', true],
    ['IPv4 172.16/12', '172.16.5.4', true],
    ['IPv4 172.16/12 end', '172.31.255.255', true],
    ['IPv4 192.0.0/24', '192.0.0.170', true],
    ['IPv4 192.168/16', '192.168.1.1', true],
    ['IPv4 198.18/15', '198.19.0.1', true],
    ['IPv4 224/4', '224.0.0.1', true],
    ['IPv4 240/4', '240.0.0.1', true],
    ['IPv4 broadcast', '255.255.255.255', true],
    ['IPv4 public', '93.184.216.34', false],
    ['IPv4 public 8.8.8.8', '8.8.8.8', false],
    ['IPv4 just past 172.16/12', '172.32.0.1', false],
    ['IPv4 just past 100.64/10', '100.128.0.1', false],
    ['IPv6 unspecified', '::', true],
    ['IPv6 loopback', '::1', true],
    ['IPv6 loopback, bracketed', '[::1]', true],
    ['IPv4-mapped private', '::ffff:127.0.0.1', true],
    ['IPv4-mapped private, hex', '::ffff:7f00:1', true],
    ['IPv4-mapped private 192.168', '::ffff:192.168.0.1', true],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254', true],
    ['IPv4-mapped public', '::ffff:8.8.8.8', false],
    ['IPv4-compatible ::/96 private', '::127.0.0.1', true],
    ['IPv4-compatible ::/96 public', '::8.8.8.8', true],
    ['IPv4-compatible, hex', '::a00:1', true],
    ['IPv4-translated ::ffff:0:0:0/96', '::ffff:0:7f00:1', true],
    ['NAT64 64:ff9b::/96 private', '64:ff9b::127.0.0.1', true],
    ['NAT64 64:ff9b::/96 public', '64:ff9b::8.8.8.8', true],
    ['NAT64 64:ff9b::/96 hex', '64:ff9b::a9fe:a9fe', true],
    ['NAT64 local-use 64:ff9b:1::/48', '64:ff9b:1::a00:1', true],
    ['6to4 2002::/16 with 127.0.0.1', '2002:7f00:1::1', true],
    ['6to4 2002::/16 with 10.0.0.1', '2002:a00:1::', true],
    ['6to4 2002::/16 with 169.254.169.254', '2002:a9fe:a9fe::1', true],
    ['6to4 2002::/16 with 192.168.1.1', '2002:c0a8:101:1::1', true],
    ['6to4 2002::/16 with a public IPv4', '2002:808:808::1', false],
    ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    ['Teredo 2001::/32, short', '2001::1', true],
    ['IETF 2001::/23 (benchmarking)', '2001:2::1', true],
    ['documentation 2001:db8::/32', '2001:db8::1', true],
    ['discard 100::/64', '100::1', true],
    ['site-local fec0::/10', 'fec0::1', true],
    ['site-local fec0::/10 end', 'feff::1', true],
    ['unique local fc00::/7', 'fc00::1', true],
    ['unique local fd00::/8', 'fd12:3456::1', true],
    ['link-local fe80::/10', 'fe80::1', true],
    ['link-local fe80::/10 end', 'febf::1', true],
    ['link-local with a zone', 'fe80::1%eth0', true],
    ['multicast ff00::/8', 'ff02::1', true],
    ['multicast, global scope', 'ff0e::1', true],
    ['IPv6 public', '2606:4700::1111', false],
    ['IPv6 public 2001:4860', '2001:4860:4860::8888', false],
    ['not an address', 'not-an-ip', true],
    ['a name', 'localhost', true],
    ['empty', '', true],
  ];
  it.each(table)('%s: %s refused = %s', (_form, address, refused) => expect(isPrivateAddress(address)).toBe(refused));

  it.each(table.filter(([, address]) => address.includes(':')))(
    'a URL with %s (%s) at creation: refused = %s',
    (_form, address, refused) => {
      const bare = address.replace(/^\[|\]$/g, '');
      expect(refuseWebhookUrl(`https://[${bare}]/hook`, false) !== null).toBe(refused);
    },
  );

  it.each([
    'https://127.1/',
    'https://2130706433/',
    'https://0x7f.0.0.1/',
    'https://0177.0.0.1/',
    'https://[::ffff:127.0.0.1]/',
  ])('%s (IPv4 in another spelling) is refused at creation', (url) =>
    expect(refuseWebhookUrl(url, false)).toMatch(/private/),
  );

  it('refuses plain http, credentials and literal private addresses, unless private addresses are allowed', () => {
    expect(refuseWebhookUrl('https://example.com/hook', false)).toBeNull();
    expect(refuseWebhookUrl('http://example.com/hook', false)).toMatch(/https/);
    expect(refuseWebhookUrl('https://user:pw@example.com/', false)).toMatch(/credentials/);
    expect(refuseWebhookUrl('https://10.0.0.1/', false)).toMatch(/private/);
    expect(refuseWebhookUrl('https://localhost/', false)).toBeNull(); // a name: judged on what it resolves to, at delivery
    expect(refuseWebhookUrl('http://127.0.0.1:8080/', true)).toBeNull();
    expect(refuseWebhookUrl('nope', true)).toMatch(/absolute URL/);
  });
});

describe('which webhook an event causes', () => {
  it('match.started when the match becomes active, turn.started after, match.finished at the end, nothing while waiting', () => {
    expect(webhookTypeOf('waiting', 'waiting', [])).toBeNull();
    expect(webhookTypeOf('waiting', 'active', [0])).toBe('match.started');
    expect(webhookTypeOf(null, 'active', [0])).toBe('match.started');
    expect(webhookTypeOf('active', 'active', [1])).toBe('turn.started');
    expect(webhookTypeOf('active', 'finished', [])).toBe('match.finished');
    expect(webhookTypeOf('waiting', 'aborted', [])).toBe('match.finished');
  });
});
