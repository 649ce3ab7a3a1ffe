// Node only (decision 092): how many connections one client may hold at once. The server's own
// cap (SERVER_MAX_CONNECTIONS) is the machine's; without a share per client, one client holding
// that many sockets with unfinished headers made the server drop every other visitor's.
import type { Server, Socket } from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientKeyOf, isTrustedProxy, type Cidr } from "./client-ip.ts";
import type { LogEntry } from "./deps.ts";

/** How often, at most, the per-client cap is logged while it refuses connections. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/** A refused socket is closed at the latest this long after its answer was written, whatever the client does. */
const REFUSED_SOCKET_GRACE_MS = 1000;

const REFUSAL_BODY = "Trop de connexions ouvertes depuis votre adresse. Veuillez réessayer dans quelques instants.\n";

/**
 * Written on the socket before any byte of the request is read: the client's browser or script
 * reads an answer it can show, instead of a reset connection.
 */
const REFUSAL = [
  "HTTP/1.1 429 Too Many Requests",
  "Content-Type: text/plain; charset=utf-8",
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  "Cache-Control: no-store",
  "Retry-After: 5",
  "Connection: close",
  "",
  REFUSAL_BODY,
].join("\r\n");

/**
 * Puts a gate in front of the HTTP server's own connection handling: a socket past its client's
 * share never reaches the HTTP parser (it cannot send a request the app would run), gets the 429
 * and is closed. When the client is at its share, its oldest idle keep-alive connection (one that
 * has been answered and carries no request) is closed first instead: a household or an office
 * behind one address reuses its connections, an attacker's sockets are never idle.
 * The trusted reverse proxies are not counted: every visitor's connection comes from them, and
 * the proxy is where each visitor's share is kept (docs/self-hosting.md).
 */
export function limitConnectionsPerClient(server: Server, options: { maxPerClient: number; trustedProxies: Cidr[]; log: (entry: LogEntry) => void }): void {
  const socketsByClient = new Map<string, Set<Socket>>();
  // Answered at least once and no request on it since: closing it loses nothing in flight.
  const idle = new WeakSet<Socket>();
  let refusalLoggedAtMs = -Infinity;

  const httpListeners = server.listeners("connection") as Array<(socket: Socket) => void>;
  server.removeAllListeners("connection");
  server.on("connection", (socket: Socket) => {
    if (isTrustedProxy(socket.remoteAddress, options.trustedProxies)) {
      for (const listener of httpListeners) listener.call(server, socket);
      return;
    }
    const key = clientKeyOf(socket.remoteAddress);
    const sockets = socketsByClient.get(key) ?? new Set<Socket>();
    if (sockets.size >= options.maxPerClient) {
      const reusable = [...sockets].find((candidate) => idle.has(candidate));
      if (reusable) {
        sockets.delete(reusable);
        reusable.destroy();
      } else {
        refuse(socket);
        if (Date.now() - refusalLoggedAtMs >= REFUSAL_LOG_INTERVAL_MS) {
          refusalLoggedAtMs = Date.now();
          // No address: it names a person.
          options.log({
            level: "warn",
            message: "connections per client reached: new connections from that client refused",
            fields: { maxPerClient: options.maxPerClient },
          });
        }
        return;
      }
    }
    sockets.add(socket);
    socketsByClient.set(key, sockets);
    socket.once("close", () => {
      sockets.delete(socket);
      if (sockets.size === 0 && socketsByClient.get(key) === sockets) socketsByClient.delete(key);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    idle.delete(socket);
    response.once("finish", () => idle.add(socket));
  });
}

function refuse(socket: Socket): void {
  socket.on("error", () => {
    // the client may reset first: nothing to do, the socket is going anyway
  });
  // Read and discard what the client sends, so that closing does not reset the connection before the answer is read.
  socket.resume();
  socket.end(REFUSAL);
  setTimeout(() => socket.destroy(), REFUSED_SOCKET_GRACE_MS).unref();
}
