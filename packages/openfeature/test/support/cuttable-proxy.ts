/**
 * A TCP proxy in front of a server, for tests of lost connections: `cut()` drops every connection through
 * it, and while `refusing` it drops new ones at once, as a network that went away does.
 */

import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Socket } from 'node:net';

export interface CuttableProxy {
  readonly baseUrl: string;
  refusing: boolean;
  cut(): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const state = { refusing: false };
  const server = createServer((client) => {
    if (state.refusing) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: hostname, port: Number(port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: CuttableProxy = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      proxy.cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
