/**
 * Where a webhook may point. Loopback, link-local, private, shared, multicast and reserved addresses are
 * refused unless WEBHOOK_ALLOW_PRIVATE=1, which also allows plain http://. A literal address is checked at
 * creation; every address is checked again at delivery time on what the name resolves to then (dispatcher.ts),
 * so a DNS name that points inside, or starts to, is refused too.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96]] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address a webhook must not reach (IPv4-mapped IPv6 addresses are judged as the IPv4 they carry). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1] as string, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return true; // not an address at all: refuse rather than guess
}

/** Why a webhook URL is refused at creation, or null when it may be stored. */
export function refuseWebhookUrl(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'must be https:// (http:// only with WEBHOOK_ALLOW_PRIVATE=1)';
  if (url.username || url.password) return 'must not carry credentials';
  if (!allowPrivate && isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0 && isPrivateAddress(url.hostname)) {
    return 'points at a loopback, link-local or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1)';
  }
  return null;
}
