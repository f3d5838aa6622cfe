/**
 * Where a webhook may point. Loopback, link-local, private, shared, multicast and reserved addresses are
 * refused unless WEBHOOK_ALLOW_PRIVATE=1, which also allows plain http://. A literal address is checked at
 * creation; every address is checked again at delivery time on what the name resolves to then (post.ts), so a
 * DNS name that points inside, or starts to, is refused too.
 *
 * IPv6 has several forms that carry an IPv4 address or reach one through a translator (issue 25, L7: the guard
 * missed `64:ff9b::/96`, `2002::/16`, `::/96` and `fec0::/10`). An IPv4-mapped address and a 6to4 address are
 * judged as the IPv4 they carry; every other form in `::/8` (IPv4-compatible, NAT64, IPv4-translated), Teredo
 * and the rest of `2001::/23` (IETF protocol assignments) are refused whole. Addresses are parsed with
 * ipaddr.js (what Fastify's proxy-addr uses), not with regular expressions: `::ffff:7f00:1` is the same
 * address as `::ffff:127.0.0.1`, and a text that is not an address is refused rather than guessed at.
 */
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
const cidrs = (list: readonly string[]): Cidr[] => list.map((c) => ipaddr.parseCIDR(c));

/** IPv4 ranges a webhook must not reach (RFC 6890 and its successors). */
const BLOCKED_V4 = cidrs([
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata lives here)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 (broadcast)
]);

/** IPv6 ranges refused whole (after the mapped and 6to4 forms are judged by their IPv4). */
const BLOCKED_V6 = cidrs([
  '::/8', // unspecified, loopback, IPv4-compatible ::/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, IPv4-translated ::ffff:0:0:0/96
  '100::/64', // discard-only
  '2001::/23', // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
  '5f00::/16', // segment routing (SRv6) SIDs
  'fc00::/7', // unique local
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
]);

const MAPPED = ipaddr.parseCIDR('::ffff:0:0/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

const inAny = (address: ipaddr.IPv4 | ipaddr.IPv6, ranges: readonly Cidr[]): boolean =>
  ranges.some(([net, bits]) => net.kind() === address.kind() && (address as ipaddr.IPv6).match(net, bits));

function blockedV4(address: ipaddr.IPv4): boolean {
  return inAny(address, BLOCKED_V4);
}

/** True for an address a webhook must not reach (see above for the IPv6 forms that carry an IPv4). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0) return true; // not an address at all: refuse rather than guess
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // An IPv6 text is first put in the URL standard's canonical form (what the request connects to): ipaddr.js
    // reads `::a.b.c.d` as IPv4-mapped, where it is the IPv4-compatible `::xxxx:xxxx`. A zone (`%eth0`) is dropped.
    parsed = ipaddr.parse(
      bare.includes(':') ? new URL(`http://[${bare.replace(/%.*$/, '')}]/`).hostname.slice(1, -1) : bare,
    );
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv4') return blockedV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(MAPPED)) return blockedV4(v6.toIPv4Address());
  if (v6.match(SIX_TO_FOUR)) {
    const bytes = v6.toByteArray();
    return blockedV4(new ipaddr.IPv4(bytes.slice(2, 6)));
  }
  return inAny(v6, BLOCKED_V6);
}

/** Why a webhook URL is refused at creation, or null when it may be stored. */
export function refuseWebhookUrl(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'must be https:// (http:// only with WEBHOOK_ALLOW_PRIVATE=1)';
  if (url.username || url.password) return 'must not carry credentials';
  if (!allowPrivate && isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0 && isPrivateAddress(url.hostname)) {
    return 'points at a loopback, link-local or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1)';
  }
  return null;
}
