import type { AddressInfo } from 'node:net';
import { createServer, Socket } from 'node:net';

/**
 * A TCP proxy between the app and its database, to cut the line like a network failure:
 * `cut()` drops every open connection and leaves new ones hanging unanswered (a black hole,
 * as a lost route looks), `restore()` forwards again.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  /**
   * Resolves when a connection opened during the cut sends a startup message naming
   * `applicationName` (PostgreSQL's application_name): that connection attempt is now lost in
   * the black hole and waits out its client's connect timeout.
   */
  nextHeld(applicationName: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let isCut = false;
  const open = new Set<Socket>();
  const held = new Set<Socket>();
  const heldWaiters = new Set<{ needle: Buffer; wake: () => void }>();
  const server = createServer((client) => {
    if (isCut) {
      held.add(client);
      client.on('error', () => undefined);
      client.on('close', () => held.delete(client));
      // The startup message comes in the first packet; nothing is answered, so no more follows.
      client.once('data', (startup: Buffer) => {
        for (const waiter of heldWaiters) {
          if (startup.includes(waiter.needle)) {
            heldWaiters.delete(waiter);
            waiter.wake();
          }
        }
      });
      return;
    }
    const upstream = new Socket();
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.connect(target.port, target.host, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      // What went into the black hole stays there: the app must give up on it by itself.
      isCut = false;
    },
    nextHeld(applicationName) {
      return new Promise((resolve) => {
        heldWaiters.add({ needle: Buffer.from(`application_name\0${applicationName}\0`), wake: resolve });
      });
    },
    async close() {
      for (const socket of [...open, ...held]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
