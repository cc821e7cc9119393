import type { IdentitySigner } from './identity.js';
import type { ServiceName } from './routing.js';

/**
 * The service graph, declared once: every internal route (`/internal/…`, never routed by the gateway) with the
 * services that call it, and every queue with the deployables that add its jobs and those that run them. The
 * identity guard's `@Internal(route)`, the internal client, the signing keys a service needs and the launchers'
 * start order are derived from it, and `scripts/service-graph.spec.ts` scans the controllers and the call sites
 * against it (docs/decisions/0050-one-service-graph.md, 0054-invitation-login-tickets.md). It has no cycle.
 */

/**
 * The mail worker: a deployable of its own (the `mail-worker` image; `MAIL_WORKER=off` for the mailing API), whose
 * code is the part of services/mailing that `worker-app.ts` loads. It serves no route and calls none; the launchers
 * run it inside the mailing process.
 */
export const MAIL_WORKER = 'mail-worker';

/** A node of the graph: the gateway, a service, or the mail worker. */
export type GraphNode = IdentitySigner | typeof MAIL_WORKER;

export type InternalMethod = 'GET' | 'POST' | 'DELETE';

export interface InternalRouteDeclaration {
  /** The service that serves the route. */
  service: ServiceName;
  /** The signers whose service identities the route accepts; everyone else gets 403. */
  callers: readonly IdentitySigner[];
  /**
   * Declared for its callers, but called by no code of the tree today (the tests call it): the scan checks that
   * it stays so, and that every other route's callers do call it.
   */
  uncalled?: true;
}

/** `METHOD /internal/path` (path parameters as `{name}`) → who serves it and who may call it. */
export const INTERNAL_ROUTES = {
  // accounts
  'POST /internal/sessions/resolve': { service: 'accounts', callers: ['gateway'] },
  // the invitations' account work (mailing's invitations)
  'POST /internal/users/by-email': { service: 'accounts', callers: ['mailing'] },
  'POST /internal/enrolments': { service: 'accounts', callers: ['mailing'] },
  'POST /internal/invitations/accept': { service: 'accounts', callers: ['mailing'] },
  'GET /internal/invitations/providers': { service: 'accounts', callers: ['mailing'] },
  // library
  'GET /internal/library/uuid/{uuid}/owner': { service: 'library', callers: ['consultation'] },
  'POST /internal/library/icons': { service: 'library', callers: ['consultation'] },
  'DELETE /internal/library/icons/{name}': { service: 'library', callers: ['consultation'] },
  // consultation
  'GET /internal/categories': { service: 'consultation', callers: ['mailing'] },
  'GET /internal/categories/{token}/enrolment': { service: 'consultation', callers: ['accounts'] },
  'GET /internal/profile-weights/category/{token}': { service: 'consultation', callers: ['accounts'] },
  'GET /internal/stats': { service: 'consultation', callers: ['accounts'] },
  // a citizen's own data (decision 0086): consultation's part of the archive accounts builds
  'GET /internal/users/{uuid}/data': { service: 'consultation', callers: ['accounts'] },
  'GET /internal/users/{uuid}/files/{id}': { service: 'consultation', callers: ['accounts'] },
  // the mail of a project's published results (decision 0090): which are public, and who answered one
  'GET /internal/results/published': { service: 'consultation', callers: ['accounts'] },
  'GET /internal/projects/{token}/respondents': { service: 'consultation', callers: ['accounts'] },
  // deleting an account (decision 0088): what consultation would erase, then the erasure (idempotent)
  'GET /internal/users/{uuid}/forget': { service: 'consultation', callers: ['accounts'] },
  'POST /internal/users/{uuid}/forget': { service: 'consultation', callers: ['accounts'] },
  // mailing: the services send mail through the `mail-requests` queue; the HTTP form answers the gateway's service
  // identity only (operators' tools and the tests: the gateway routes no `/internal/…` path), no service's
  'POST /internal/mail': { service: 'mailing', callers: ['gateway'], uncalled: true },
  'GET /internal/mail/{id}': { service: 'mailing', callers: ['gateway'], uncalled: true },
  // each service's audit log, which the gateway merges for `GET /api/audit` (decision 0084)
  'GET /internal/accounts/audit': { service: 'accounts', callers: ['gateway'] },
  'GET /internal/library/audit': { service: 'library', callers: ['gateway'] },
  'GET /internal/consultation/audit': { service: 'consultation', callers: ['gateway'] },
  'GET /internal/mailing/audit': { service: 'mailing', callers: ['gateway'] },
} as const satisfies Record<`${InternalMethod} /internal/${string}`, InternalRouteDeclaration>;

export type InternalRouteKey = keyof typeof INTERNAL_ROUTES;

export interface QueueDeclaration {
  /** The deployables that add its jobs. */
  producers: readonly Exclude<GraphNode, 'gateway'>[];
  /** The deployables whose workers run them. */
  consumers: readonly Exclude<GraphNode, 'gateway'>[];
}

/** Every BullMQ queue by name. */
export const QUEUES = {
  // the mail worker writes each request's mail (and adds its `mail` job); the mailing API's invitations add theirs
  'mail-requests': { producers: ['accounts'], consumers: ['mail-worker'] },
  mail: { producers: ['mailing', 'mail-worker'], consumers: ['mail-worker'] },
  'mail-sweep': { producers: ['mail-worker'], consumers: ['mail-worker'] },
  'accounts-maintenance': { producers: ['accounts'], consumers: ['accounts'] },
  'accounts-my-data': { producers: ['accounts'], consumers: ['accounts'] },
  'accounts-results-mail': { producers: ['accounts'], consumers: ['accounts'] },
  backups: { producers: ['library'], consumers: ['library'] },
  'consultation-exports': { producers: ['consultation'], consumers: ['consultation'] },
  // the retention of the answers' personal links (decision 0089)
  'consultation-maintenance': { producers: ['consultation'], consumers: ['consultation'] },
  // the library's audit log pruned past AUDIT_RETENTION_DAYS (decision 0089)
  'library-maintenance': { producers: ['library'], consumers: ['library'] },
} as const satisfies Record<string, QueueDeclaration>;

export type QueueName = keyof typeof QUEUES;

export interface TicketDeclaration {
  /** The service whose private key signs the ticket. */
  signer: IdentitySigner;
  /** The services that check it with the signer's public key. */
  verifiers: readonly IdentitySigner[];
}

/**
 * The signed tickets that cross from one service to another through the browser (a redirect) instead of a call
 * (decision 0054): no edge of the graph, but a key each verifier must hold.
 */
export const TICKETS = {
  // accounts' callback of an invitation's external login → mailing's accept route
  'invitation login': { signer: 'accounts', verifiers: ['mailing'] },
  // mailing, the invitation accepted → accounts, which makes the session
  'invitation completion': { signer: 'mailing', verifiers: ['accounts'] },
} as const satisfies Record<string, TicketDeclaration>;

/** The two halves of a route key. */
export function splitRouteKey(key: InternalRouteKey): { method: InternalMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as InternalMethod, path: key.slice(space + 1) };
}

/** A route's path as Nest and Express write it: `{name}` → `:name`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The concrete paths of a path pattern, as a type: `/a/{x}/b` → `/a/${string}/b`. */
type Concrete<P extends string> = P extends `${infer A}{${string}}${infer B}`
  ? `${A}${string}${Concrete<B>}`
  : P;

/** The paths of `target`'s internal routes called with `method`, as the internal client takes them. */
export type InternalPath<Target extends ServiceName, Method extends InternalMethod> = {
  [K in InternalRouteKey]: (typeof INTERNAL_ROUTES)[K]['service'] extends Target
    ? K extends `${Method} ${infer P}`
      ? Concrete<P>
      : never
    : never;
}[InternalRouteKey];

const ROUTE_MATCHERS: ReadonlyArray<readonly [InternalRouteKey, InternalMethod, RegExp]> = (
  Object.keys(INTERNAL_ROUTES) as InternalRouteKey[]
).map((key) => {
  const { method, path } = splitRouteKey(key);
  const pattern = path
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return [key, method, new RegExp(`^${pattern}$`)] as const;
});

/** The declared route that a call of `method` on `path` (a query string is ignored) of `target` reaches. */
export function internalRouteOf(
  target: ServiceName,
  method: string,
  path: string,
): InternalRouteKey | undefined {
  const bare = path.split('?')[0];
  return ROUTE_MATCHERS.find(
    ([key, m, re]) => m === method && INTERNAL_ROUTES[key].service === target && re.test(bare),
  )?.[0];
}

/** Whether `caller` may call `route` according to the table. */
export function mayCall(caller: IdentitySigner, route: InternalRouteKey): boolean {
  return (INTERNAL_ROUTES[route].callers as readonly IdentitySigner[]).includes(caller);
}

/** One dependency of the graph: `from` calls a route of `to`, or adds jobs that `to` runs. */
export interface ServiceEdge {
  from: GraphNode;
  to: GraphNode;
  /** The route or the queue that makes it. */
  via: string;
}

export interface ServiceGraph {
  routes: Readonly<Record<string, InternalRouteDeclaration>>;
  queues: Readonly<Record<string, QueueDeclaration>>;
}

export const SERVICE_GRAPH: ServiceGraph = { routes: INTERNAL_ROUTES, queues: QUEUES };

/** The edges between different deployables: route callers → the route's service, queue producers → consumers. */
export function serviceEdges(graph: ServiceGraph = SERVICE_GRAPH): ServiceEdge[] {
  const edges: ServiceEdge[] = [];
  for (const [via, route] of Object.entries(graph.routes)) {
    for (const from of route.callers) {
      if (from !== route.service) edges.push({ from, to: route.service, via });
    }
  }
  for (const [name, queue] of Object.entries(graph.queues)) {
    for (const from of queue.producers) {
      for (const to of queue.consumers) {
        if (from !== to) edges.push({ from, to, via: `queue ${name}` });
      }
    }
  }
  return edges;
}

/** The services whose internal routes `caller` calls. */
export function calledBy(caller: IdentitySigner, graph: ServiceGraph = SERVICE_GRAPH): ServiceName[] {
  const targets = new Set<ServiceName>();
  for (const route of Object.values(graph.routes)) {
    if (route.callers.includes(caller) && route.service !== caller) targets.add(route.service);
  }
  return [...targets];
}

/**
 * A cycle of `edges` (`a → b → a`), or null when there is none: the first one found by a depth-first walk from
 * each node in turn. By default the edges of the declared graph.
 */
export function findCycle(edges: readonly ServiceEdge[] = serviceEdges()): ServiceEdge[] | null {
  const state = new Map<GraphNode, 'open' | 'done'>();
  const path: ServiceEdge[] = [];
  const visit = (node: GraphNode): ServiceEdge[] | null => {
    state.set(node, 'open');
    for (const edge of edges.filter((e) => e.from === node)) {
      path.push(edge);
      if (state.get(edge.to) === 'open') return path.slice(path.findIndex((e) => e.from === edge.to));
      if (!state.has(edge.to)) {
        const found = visit(edge.to);
        if (found) return found;
      }
      path.pop();
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of new Set(edges.map((e) => e.from))) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/** A cycle written out: `accounts → mailing (POST /internal/…) → accounts (…)`. */
export function describeCycle(cycle: readonly ServiceEdge[]): string {
  return [cycle[0].from, ...cycle.map((e) => `${e.to} (${e.via})`)].join(' → ');
}

/**
 * `services` in an order where each comes after every service it depends on (whose routes it calls, whose
 * queues' jobs it adds), so that the launchers start a service after what it calls; throws on a cycle, naming it.
 * Edges to nodes that are not in `services` (the mail worker, which the launchers run inside the mailing process)
 * order nothing.
 */
export function startOrder<S extends ServiceName>(
  services: readonly S[],
  graph: ServiceGraph = SERVICE_GRAPH,
): S[] {
  const edges = serviceEdges(graph);
  const cycle = findCycle(edges);
  if (cycle) throw new Error(`the service graph has a cycle: ${describeCycle(cycle)}`);
  const order: S[] = [];
  while (order.length < services.length) {
    const next = services.find(
      (s) =>
        !order.includes(s) &&
        edges.every((e) => e.from !== s || !services.includes(e.to as S) || order.includes(e.to as S)),
    );
    // unreachable after the cycle check
    if (next === undefined) throw new Error('the service graph has a cycle');
    order.push(next);
  }
  return order;
}
