import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free port of the loopback interface; answers the server's base URL. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

/** Closes a server and its open connections. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
