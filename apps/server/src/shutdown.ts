import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

export interface ShutdownSteps {
  app: FastifyInstance;
  /** How long to drain on SIGTERM before closing (SHUTDOWN_GRACE_SECONDS); SIGINT does not wait. */
  graceMs: number;
  /** Before the app closes: the background jobs stop. */
  beforeClose?: () => Promise<void>;
  /** After the app closed: the database closes. */
  afterClose?: () => Promise<void>;
}

/** How long a connection accepted before the listener closed may take to send its request. */
const FIRST_REQUEST_MS = 2_000;

/**
 * SIGTERM (a rolling restart, a container stop) drains first: /ready answers 503 so a load
 * balancer stops choosing this process, every answer closes its connection, live streams complete,
 * and requests are still served for `graceMs`; then the server stops listening, answers what it
 * accepted and the process exits. SIGINT (Ctrl+C) skips the wait, as does a second signal.
 */
export function handleShutdownSignals({ app, graceMs, beforeClose, afterClose }: ShutdownSteps): void {
  const connections = trackConnections(app.server);
  let stopping: Promise<void> | undefined;
  let endGrace = () => {};
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return endGrace();
    app.drain();
    const grace = signal === "SIGTERM" && graceMs > 0 ? new Promise<void>((resolve) => (endGrace = resolve)) : Promise.resolve();
    const timer = setTimeout(() => endGrace(), graceMs);
    stopping = grace.then(async () => {
      clearTimeout(timer);
      await beforeClose?.();
      await connections.stopListening();
      await app.close();
      await afterClose?.();
      process.exit(0);
    });
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

/**
 * Node's own `server.close()` also drops every connection without a request in progress, which
 * includes one just accepted whose request is still on its way: that client gets a reset for a
 * request it sent (a load balancer does not resend a POST). Here only connections that already
 * had their answer are dropped; a new one gets FIRST_REQUEST_MS to send its request, answered with
 * "Connection: close" (app.drain).
 */
function trackConnections(server: Server) {
  const open = new Set<Socket>();
  const busy = new Set<Socket>();
  const served = new WeakSet<Socket>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (request, response) => {
    const socket = request.socket;
    busy.add(socket);
    served.add(socket);
    response.once("close", () => {
      busy.delete(socket);
    });
  });
  return {
    stopListening: () =>
      new Promise<void>((resolve) => {
        // The plain net close: stop accepting; the callback runs once every connection has ended.
        NetServer.prototype.close.call(server, () => resolve());
        for (const socket of open) if (served.has(socket) && !busy.has(socket)) socket.destroy();
        setTimeout(() => {
          for (const socket of open) if (!busy.has(socket)) socket.destroy();
        }, FIRST_REQUEST_MS).unref();
      }),
  };
}
