import type { Server } from 'node:http';

/**
 * The answers a service gives on one kept-alive connection; the last one says `Connection: close` and the
 * client (the gateway's keep-alive agent) opens a new connection for what follows. A Service balances
 * connections, not requests (kube-proxy, and the endpoint proxy of bench/rollout.mjs): without a bound, a pod
 * added by a scale-up or a rolling update gets only the connections the gateway happens to open anew, while the
 * pods that were there first keep every kept-alive one. 100 renews a connection every few seconds under load,
 * at the cost of one loopback or cluster-network handshake per 100 requests.
 */
export const MAX_REQUESTS_PER_CONNECTION = 100;

/** Bounds the requests per connection of a service's HTTP server (see MAX_REQUESTS_PER_CONNECTION). */
export function limitRequestsPerConnection(server: Server): void {
  server.maxRequestsPerSocket = MAX_REQUESTS_PER_CONNECTION;
}
