// Offline for real in the browser tests (decision 0091): `context.setOffline(true)` alone does not keep every
// request off the site once a service worker is involved (microsoft/playwright#2311), so the tests put a TCP relay
// of their own between the browser and the site and cut it; and a wait for the worker to control the page.
import { createServer, type Server, type Socket, connect } from 'node:net';
import type { Page } from 'playwright-core';

/** A TCP relay to the site that can be cut: while cut, it closes every connection at once and counts them. */
export interface Relay {
  url: string;
  cut(): void;
  restore(): void;
  /** connections that reached the site through the relay since the last cut */
  relayedSinceCut(): number;
  close(): Promise<void>;
}

export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let cut = false;
  let relayed = 0;
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    relayed++;
    const upstream = connect(Number(port), hostname);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay has no port');
  return {
    // `localhost`: a secure context for the service worker, like the site's own address
    url: `http://localhost:${address.port}`,
    cut() {
      cut = true;
      relayed = 0;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    relayedSinceCut: () => relayed,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Waits until a service worker controls the page (no sleeps: the worker's own promise and event). */
export async function controllingWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const sw = navigator.serviceWorker;
    await sw.ready;
    if (!sw.controller)
      await new Promise<void>((done) => {
        sw.addEventListener('controllerchange', () => done(), { once: true });
        if (sw.controller) done();
      });
    return sw.controller!.scriptURL;
  });
}
