import type { IdentitySigner } from './identity.js';
import type { ServiceName } from './routing.js';

/**
 * The service graph, declared once: every internal route (`/internal/…`, never routed by the gateway) with the
 * services that call it, and every queue with the services that add its jobs and those that run them. The
 * identity guard's `@Internal(route)`, the internal client, the signing keys a service needs and the launchers'
 * start order are derived from it, and `scripts/service-graph.spec.ts` scans the controllers and the call sites
 * against it (docs/decisions/0050-one-service-graph.md).
 */

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
  /**
   * Its calls close a cycle of the graph: they are left out of the start order, and the scan checks that each such
   * route really closes one (so that the mark goes once the cycle is cut). Decision 0050 names the cut.
   */
  closesCycle?: true;
}

/** `METHOD /internal/path` (path parameters as `{name}`) → who serves it and who may call it. */
export const INTERNAL_ROUTES = {
  // accounts
  'POST /internal/sessions/resolve': { service: 'accounts', callers: ['gateway'] },
  // the invitations' account work, done by mailing today
  'POST /internal/users/by-email': { service: 'accounts', callers: ['mailing'], closesCycle: true },
  'POST /internal/enrolments': { service: 'accounts', callers: ['mailing'], closesCycle: true },
  'POST /internal/invitations/accept': { service: 'accounts', callers: ['mailing'], closesCycle: true },
  'GET /internal/invitations/providers': { service: 'accounts', callers: ['mailing'], closesCycle: true },
  // library
  'GET /internal/library/uuid/{uuid}/owner': { service: 'library', callers: ['consultation'] },
  'POST /internal/library/icons': { service: 'library', callers: ['consultation'] },
  'DELETE /internal/library/icons/{name}': { service: 'library', callers: ['consultation'] },
  // consultation
  'GET /internal/categories': { service: 'consultation', callers: ['mailing'] },
  'GET /internal/categories/{token}/enrolment': { service: 'consultation', callers: ['accounts'] },
  'GET /internal/profile-weights/category/{token}': { service: 'consultation', callers: ['accounts'] },
  'GET /internal/stats': { service: 'consultation', callers: ['accounts'] },
  // mailing: the other services send mail through the `mail-requests` queue; the HTTP form is kept for accounts
  'POST /internal/mail': { service: 'mailing', callers: ['accounts'], uncalled: true },
  'GET /internal/mail/{id}': { service: 'mailing', callers: ['accounts'], uncalled: true },
  'POST /internal/invitations/accept-external': { service: 'mailing', callers: ['accounts'] },
} as const satisfies Record<`${InternalMethod} /internal/${string}`, InternalRouteDeclaration>;

export type InternalRouteKey = keyof typeof INTERNAL_ROUTES;

export interface QueueDeclaration {
  /** The services that add its jobs. */
  producers: readonly ServiceName[];
  /** The services whose workers run them. */
  consumers: readonly ServiceName[];
}

/** Every BullMQ queue by name. */
export const QUEUES = {
  'mail-requests': { producers: ['accounts'], consumers: ['mailing'] },
  mail: { producers: ['mailing'], consumers: ['mailing'] },
  'mail-sweep': { producers: ['mailing'], consumers: ['mailing'] },
  'accounts-maintenance': { producers: ['accounts'], consumers: ['accounts'] },
  backups: { producers: ['library'], consumers: ['library'] },
  'consultation-exports': { producers: ['consultation'], consumers: ['consultation'] },
} as const satisfies Record<string, QueueDeclaration>;

export type QueueName = keyof typeof QUEUES;

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
  from: IdentitySigner;
  to: ServiceName;
  /** The route or the queue that makes it. */
  via: string;
  /** Made by a route marked `closesCycle`. */
  closesCycle: boolean;
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
      if (from !== route.service)
        edges.push({ from, to: route.service, via, closesCycle: !!route.closesCycle });
    }
  }
  for (const [name, queue] of Object.entries(graph.queues)) {
    for (const from of queue.producers) {
      for (const to of queue.consumers) {
        if (from !== to) edges.push({ from, to, via: `queue ${name}`, closesCycle: false });
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
 * each signer in turn. By default the edges of the declared graph that are not marked `closesCycle`.
 */
export function findCycle(
  edges: readonly ServiceEdge[] = serviceEdges().filter((e) => !e.closesCycle),
): ServiceEdge[] | null {
  const state = new Map<IdentitySigner, 'open' | 'done'>();
  const path: ServiceEdge[] = [];
  const visit = (node: IdentitySigner): ServiceEdge[] | null => {
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
 * queues' jobs it adds; routes marked `closesCycle` left out), so that the launchers start a service after what
 * it calls; throws on a cycle, naming it.
 */
export function startOrder<S extends ServiceName>(
  services: readonly S[],
  graph: ServiceGraph = SERVICE_GRAPH,
): S[] {
  const edges = serviceEdges(graph).filter((e) => !e.closesCycle);
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
