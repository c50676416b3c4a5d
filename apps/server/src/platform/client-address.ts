import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../env.ts';

/**
 * The client's address as Fastify's `request.ip` gives it under the app's `trustProxy`, for a
 * request that has no Fastify request (the public cache's front door). Same rules as Fastify 5
 * (`lib/request.js`): no trust, the socket's address; `true`, the first address of
 * `X-Forwarded-For`; a list, the nearest address not in it; a hop count fails closed (the socket's
 * address), as Fastify does since 5.12.
 */
export function clientAddress(trust: TrustProxy): (request: IncomingMessage) => string {
  if (trust === false || typeof trust === 'number') {
    return (request) => request.socket.remoteAddress ?? '';
  }
  const trusted = trust === true ? () => true : proxyAddr.compile(trust);
  return (request) => proxyAddr(request, trusted);
}
