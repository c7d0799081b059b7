/**
 * Slow and greedy clients: the HTTP server Fastify listens with. Node's own timeouts close a client
 * that is slow to send its headers (headersTimeout) or its whole request (requestTimeout), checked
 * every `checkIntervalMs`, but not one that connects and never sends a byte: those are closed after
 * `idleTimeoutMs` of silence unless a request of theirs is being answered. Node has no minimum body rate, so a body that trickles in below
 * `minBodyBytesPerSecond` over a window is closed here; and one address may hold at most
 * `maxConnectionsPerIp` connections, so a few hundred idle sockets cannot crowd out everyone else.
 * Defaults and environment variables: docs/security.md.
 */
import http from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config.ts';
export { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../config.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A `serverFactory` for Fastify: a plain node:http server with the limits applied. */
export function guardedServerFactory(limits: ConnectionLimits): (handler: Handler) => Server {
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: limits.checkIntervalMs,
      },
      handler,
    );
    capConnectionsPerIp(server, limits.maxConnectionsPerIp);
    closeSilentConnections(server, limits.idleTimeoutMs);
    server.on('request', (request: IncomingMessage) => watchBodyRate(request, limits));
    return server;
  };
}

const IN_FLIGHT = Symbol('esign.inFlight');
const LAST_ACTIVE = Symbol('esign.lastActive');
type CountedSocket = Socket & { [IN_FLIGHT]?: number; [LAST_ACTIVE]?: number };

/**
 * Socket inactivity: Node destroys a timed-out socket even while its request is still being worked on
 * (a long PDF job sends nothing for a while), so the timeout is ours to judge: only sockets with no
 * request in progress AND silent for `idleMs` are closed. Node reports a keep-alive socket as timed out
 * after `keepAliveTimeout` (the `Keep-Alive: timeout=` clients are told); closing it only after `idleMs`
 * leaves a wide margin for a client that reuses it just before that hint runs out while this process is
 * busy (the request's bytes waiting behind the timer would otherwise meet a closed socket).
 */
function closeSilentConnections(server: Server, idleMs: number): void {
  if (idleMs <= 0) return;
  server.setTimeout(idleMs);
  const touch = (socket: CountedSocket) => {
    socket[LAST_ACTIVE] = Date.now();
  };
  server.on('connection', (socket: CountedSocket) => {
    touch(socket);
    socket.on('data', () => touch(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket as CountedSocket;
    socket[IN_FLIGHT] = (socket[IN_FLIGHT] ?? 0) + 1;
    response.once('close', () => {
      socket[IN_FLIGHT] = (socket[IN_FLIGHT] ?? 1) - 1;
      touch(socket);
    });
  });
  server.on('timeout', (socket: CountedSocket) => {
    if ((socket[IN_FLIGHT] ?? 0) > 0) return;
    const silentFor = Date.now() - (socket[LAST_ACTIVE] ?? 0);
    if (silentFor >= idleMs) socket.destroy();
    else socket.setTimeout(idleMs - silentFor);
  });
}

function capConnectionsPerIp(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** Closes the connection when the body of `request` arrives slower than the minimum rate. */
function watchBodyRate(request: IncomingMessage, limits: ConnectionLimits): void {
  if (request.complete || limits.minBodyBytesPerSecond <= 0) return;
  const socket = request.socket;
  const minimum = (limits.minBodyBytesPerSecond * limits.bodyRateWindowMs) / 1000;
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.complete || socket.destroyed) {
      clearInterval(timer);
      return;
    }
    const now = socket.bytesRead;
    if (now - seen < minimum) {
      clearInterval(timer);
      socket.destroy();
      return;
    }
    seen = now;
  }, limits.bodyRateWindowMs);
  timer.unref();
  request.once('end', () => clearInterval(timer));
  request.once('close', () => clearInterval(timer));
}
