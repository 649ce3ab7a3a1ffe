// The HTTP plumbing the fake servers share: listen on a local port, answer a handler's failure,
// and close for good (held and keep-alive connections would keep close() waiting forever).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface LocalServer {
  /** « http://127.0.0.1:PORT » (IPv6 hosts in brackets) */
  baseUrl: string;
  close(): Promise<void>;
}

export async function listenLocally(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  onError: (response: ServerResponse, error: unknown) => void,
  options: { port?: number; host?: string } = {},
): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => onError(response, error));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await closed;
    },
  };
}
