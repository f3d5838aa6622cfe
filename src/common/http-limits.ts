/**
 * The HTTP layer's own limits, as Fastify and Node server options, and its own errors in the one error
 * format. Those errors happen before any route (and so before Nest's exception filter): a request not
 * received in time (408), headers over Node's 16 KiB (431), a path parameter over 1,000 characters (414), a
 * malformed URL or request (400). Their bodies never echo the path or headers back.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, withRequestId } from './api-error';
import type { AppConfig } from './config';

function clientError(err: NodeJS.ErrnoException): ApiError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new ApiError('REQUEST_TIMEOUT', 'The request did not arrive in time.');
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return new ApiError('HEADERS_TOO_LARGE', 'The request headers are too large.');
  return new ApiError('VALIDATION_FAILED', 'The request is not valid HTTP.', 'http/malformed');
}

/** Node's 'clientError': the connection is answered in our format, then closed. */
function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const error = clientError(err);
    const body = JSON.stringify(error.toBody());
    socket.write(
      `HTTP/1.1 ${error.status} ${error.code}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The router's errors, raised before any hook: a bad URL or an over-long path parameter. */
function onFrameworkError(error: { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const ours =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError('URI_TOO_LONG', 'A path parameter is too long.')
      : new ApiError('VALIDATION_FAILED', 'The URL is not valid.', 'http/bad-url');
  const body = ours.toBody();
  body.details = withRequestId(body.details, request.id);
  void reply.code(ours.status).header('x-request-id', request.id).type('application/json; charset=utf-8').send(body); // before any hook: the header too
}

/** Options for `new FastifyAdapter(...)`. */
export function httpServerOptions(config: AppConfig) {
  return {
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node checks the request and headers timeouts on this interval (30 s by default): check often enough
    // that a slow client is cut close to its deadline.
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    },
    clientErrorHandler: onClientError,
    frameworkErrors: onFrameworkError,
  };
}

/** proxy-addr's names (what Fastify's TRUST_PROXY takes), as ranges. */
const PROXY_NAMES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An address in the one form a client has, whatever the socket's family: `::ffff:10.0.0.1` is `10.0.0.1`. */
function canonical(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
}

/** Whether a socket's address is one of TRUST_PROXY's proxies (addresses, CIDRs, proxy-addr's names). */
export function trustedProxies(trustProxy: false | string): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  const ranges = trustProxy
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .flatMap(
      (entry) => PROXY_NAMES[entry] ?? [entry.includes('/') ? entry : `${entry}/${entry.includes(':') ? 128 : 32}`],
    ) // an address is its own /32 or /128
    .map((cidr) => {
      try {
        const [net, mask] = cidr.split('/') as [string, string];
        if (!mask.includes('.')) return ipaddr.parseCIDR(cidr);
        const bits = ipaddr.IPv4.parse(mask).prefixLengthFromSubnetMask(); // 10.0.0.0/255.0.0.0, as proxy-addr takes it
        if (bits === null) throw new Error('not a netmask');
        return [ipaddr.parse(net), bits] as [ipaddr.IPv4 | ipaddr.IPv6, number];
      } catch {
        throw new Error(`TRUST_PROXY: ${cidr} is not an address, a CIDR range or loopback, linklocal, uniquelocal`);
      }
    });
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return ranges.some(([net, bits]) => net.kind() === parsed.kind() && parsed.match(net, bits));
  };
}

/**
 * MAX_CONNECTIONS_PER_ADDRESS (docs/api.md "Operations", "Connections"): one client address holds at most `limit`
 * open connections of any kind, counted on the socket (the HTTP server's 'connection' event), so idle
 * keep-alives count as much as streams and waiting requests do; past it a new connection is destroyed at once,
 * before a byte of it is read. Issue 35 (audit N3): 30 idle keep-alive connections from one address, under a
 * MAX_CONNECTIONS sized for them, locked `/health` out for 72 s, because Node's MAX_CONNECTIONS counts every
 * address together and the live limits (src/live/limits.ts) count only streams and long-polls, per request.
 * Rejected: answering `429` on the excess connection (a request must arrive first, which is what an idle
 * connection never sends) and closing the address's oldest idle connection instead (then a client that opens
 * connections in a loop evicts its own working ones, and the count still says nothing about the next).
 *
 * The sockets of TRUST_PROXY's proxies are not counted: behind a proxy every client arrives on its sockets,
 * and the proxy is the one that can bound a client's connections (docs/operations.md, "Connections").
 */
export function limitConnectionsPerAddress(server: Server, limit: number, trustProxy: false | string): void {
  const trusted = trustedProxies(trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const raw = socket.remoteAddress;
    if (raw === undefined) return; // already gone
    const address = canonical(raw);
    if (trusted(address)) return;
    const held = open.get(address) ?? 0;
    if (held >= limit) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
