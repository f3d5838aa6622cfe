import { trustedProxies } from './http-limits';

describe('trustedProxies (which sockets MAX_CONNECTIONS_PER_ADDRESS leaves uncounted)', () => {
  it('trusts nobody when TRUST_PROXY is unset', () => {
    const trusted = trustedProxies(false);
    expect(trusted('127.0.0.1')).toBe(false);
    expect(trusted('10.0.0.1')).toBe(false);
  });

  it('reads addresses, CIDR ranges and proxy-addr names, an IPv4-mapped address as its IPv4', () => {
    const trusted = trustedProxies('10.1.2.3, 192.168.0.0/16, loopback, fd00::/8');
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:10.1.2.3')).toBe(true);
    expect(trusted('10.1.2.4')).toBe(false);
    expect(trusted('192.168.77.1')).toBe(true);
    expect(trusted('127.0.0.2')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('fd12::1')).toBe(true);
    expect(trusted('fe80::1')).toBe(false);
    expect(trusted('8.8.8.8')).toBe(false);
    expect(trusted('not an address')).toBe(false);
    expect(trustedProxies('uniquelocal')('172.20.0.1')).toBe(true);
    expect(trustedProxies('linklocal')('169.254.1.1')).toBe(true);
    expect(trustedProxies('10.0.0.0/255.0.0.0')('10.9.9.9')).toBe(true); // a netmask, as proxy-addr takes it
    expect(trustedProxies('10.0.0.0/255.0.0.0')('11.0.0.1')).toBe(false);
  });

  it('refuses an entry that is none of those, naming it', () => {
    expect(() => trustedProxies('10.0.0.0/255.0.255.0')).toThrow(/TRUST_PROXY: 10\.0\.0\.0\/255\.0\.255\.0/);
    expect(() => trustedProxies('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});
