import {
  describeCycle,
  findCycle,
  internalRouteOf,
  mayCall,
  serviceEdges,
  startOrder,
  type ServiceGraph,
} from './service-graph.js';

const graph = (routes: ServiceGraph['routes'], queues: ServiceGraph['queues'] = {}): ServiceGraph => ({
  routes,
  queues,
});

describe('the service graph', () => {
  it('finds the route a call reaches, by method, service and path pattern', () => {
    expect(internalRouteOf('consultation', 'GET', '/internal/categories/abc/enrolment')).toBe(
      'GET /internal/categories/{token}/enrolment',
    );
    expect(internalRouteOf('consultation', 'GET', '/internal/categories?x=1')).toBe(
      'GET /internal/categories',
    );
    expect(internalRouteOf('consultation', 'POST', '/internal/categories')).toBeUndefined();
    expect(internalRouteOf('library', 'GET', '/internal/categories')).toBeUndefined();
    expect(internalRouteOf('consultation', 'GET', '/internal/categories/a/b/enrolment')).toBeUndefined();
    expect(mayCall('gateway', 'POST /internal/sessions/resolve')).toBe(true);
    expect(mayCall('consultation', 'POST /internal/sessions/resolve')).toBe(false);
  });

  it('makes edges from callers to the route and from producers to consumers, not to oneself', () => {
    const edges = serviceEdges(
      graph(
        { 'GET /internal/a': { service: 'library', callers: ['consultation', 'library'] } },
        { q: { producers: ['accounts', 'mailing'], consumers: ['mailing'] } },
      ),
    );
    expect(edges).toEqual([
      { from: 'consultation', to: 'library', via: 'GET /internal/a' },
      { from: 'accounts', to: 'mailing', via: 'queue q' },
    ]);
  });

  it('finds a cycle through routes and queues, and orders an acyclic graph', () => {
    const acyclic = graph(
      {
        'GET /internal/a': { service: 'library', callers: ['consultation'] },
        'GET /internal/b': { service: 'consultation', callers: ['accounts'] },
      },
      { q: { producers: ['accounts'], consumers: ['mailing'] } },
    );
    expect(findCycle(serviceEdges(acyclic))).toBeNull();
    expect(startOrder(['accounts', 'mailing', 'consultation', 'library'], acyclic)).toEqual([
      'mailing',
      'library',
      'consultation',
      'accounts',
    ]);

    const cyclic = graph(
      { ...acyclic.routes, 'GET /internal/c': { service: 'accounts', callers: ['library'] } },
      acyclic.queues,
    );
    const cycle = findCycle(serviceEdges(cyclic));
    expect(cycle && describeCycle(cycle)).toBe(
      'consultation → library (GET /internal/a) → accounts (GET /internal/c) → consultation (GET /internal/b)',
    );
    expect(() => startOrder(['accounts', 'library', 'consultation'], cyclic)).toThrow(
      /the service graph has a cycle: .*GET \/internal\/c/,
    );

    // a queue closes a cycle as well
    const byQueue = graph(
      { 'GET /internal/d': { service: 'accounts', callers: ['mailing'] } },
      { q: { producers: ['accounts'], consumers: ['mailing'] } },
    );
    expect(findCycle(serviceEdges(byQueue))?.map((e) => e.via)).toEqual(['GET /internal/d', 'queue q']);
  });

  it('orders nothing by an edge to a node that is not started on its own (the mail worker)', () => {
    const withWorker = graph(
      { 'GET /internal/a': { service: 'accounts', callers: ['mailing'] } },
      {
        q: { producers: ['accounts'], consumers: ['mail-worker'] },
        r: { producers: ['mailing'], consumers: ['mail-worker'] },
      },
    );
    expect(findCycle(serviceEdges(withWorker))).toBeNull();
    expect(startOrder(['mailing', 'accounts'], withWorker)).toEqual(['accounts', 'mailing']);
  });

  it('declares a graph without a cycle: the launchers start library, consultation, accounts, mailing', () => {
    expect(findCycle()).toBeNull();
    expect(startOrder(['accounts', 'library', 'consultation', 'mailing'])).toEqual([
      'library',
      'consultation',
      'accounts',
      'mailing',
    ]);
  });
});
