// The code against the service graph of @agora/contracts: every `@Internal(route)` handler and every internal
// client call site of the deployables' sources, and every queue's producers and consumers, as the table declares them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  findCycle,
  INTERNAL_ROUTES,
  QUEUES,
  serviceEdges,
  splitRouteKey,
  type InternalRouteDeclaration,
  type InternalRouteKey,
} from '@agora/contracts';
import { ROOT } from './lib/stack.mjs';

const DEPLOYABLES = ['accounts', 'library', 'consultation', 'mailing', 'gateway'] as const;
type Deployable = (typeof DEPLOYABLES)[number];
/** Where shared code lives: it may declare queue names, but neither serves nor calls an internal route. */
const SHARED = 'common';

interface Source {
  owner: Deployable | typeof SHARED;
  file: string;
  ast: ts.SourceFile;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'test' || entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.(spec|int|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

const OWNERS: ReadonlyArray<Source['owner']> = [...DEPLOYABLES, SHARED];
const SOURCES: Source[] = OWNERS.flatMap((owner) =>
  sourceFiles(path.join(ROOT, owner === 'gateway' ? 'gateway/src' : `services/${owner}/src`)).map((file) => ({
    owner,
    file: path.relative(ROOT, file),
    ast: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  })),
);

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** `name(…)` calls, `@name(…)` decorators included, with where they are. */
function callsOf(name: string): Array<{ source: Source; call: ts.CallExpression }> {
  const found: Array<{ source: Source; call: ts.CallExpression }> = [];
  for (const source of SOURCES) {
    walk(source.ast, (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name)
        found.push({ source, call: node });
    });
  }
  return found;
}

const where = (source: Source, node: ts.Node) =>
  `${source.file}:${source.ast.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

/** A path argument written out with `{}` for each interpolation, or null when it is not written in place. */
function pathText(arg: ts.Expression | undefined): string | null {
  if (!arg) return null;
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
  if (ts.isTemplateExpression(arg))
    return arg.head.text + arg.templateSpans.map((s) => `{}${s.literal.text}`).join('');
  return null;
}

const ROUTE_KEYS = Object.keys(INTERNAL_ROUTES) as InternalRouteKey[];
const route = (key: InternalRouteKey): InternalRouteDeclaration => INTERNAL_ROUTES[key];

/** The route of a call written as `method` and `text`: its path with each parameter as one interpolation. */
function routeOfCall(method: string, text: string): InternalRouteKey | undefined {
  return ROUTE_KEYS.find((key) => {
    const { method: m, path: p } = splitRouteKey(key);
    return m === method && p.replace(/\{\w+\}/g, '{}') === text;
  });
}

describe('the service graph', () => {
  it('has no cycle, and each route marked as closing one does close one', () => {
    const edges = serviceEdges();
    expect(findCycle(edges.filter((e) => !e.closesCycle))).toBeNull();
    for (const marked of edges.filter((e) => e.closesCycle)) {
      const cycle = findCycle([...edges.filter((e) => !e.closesCycle), marked]);
      expect({ route: marked.via, closes: cycle !== null }).toEqual({ route: marked.via, closes: true });
    }
  });

  it('is what the controllers serve: each route by one @Internal handler of its service, with no path prefix', () => {
    const served = new Map<string, string[]>();
    for (const { source, call } of callsOf('Internal')) {
      if (!ts.isDecorator(call.parent)) continue; // the decorator's own definition and re-exports
      const key = call.arguments[0];
      expect({ at: where(source, call), key: key && ts.isStringLiteral(key) }).toEqual({
        at: where(source, call),
        key: true,
      });
      const name = (key as ts.StringLiteral).text;
      const declared = (INTERNAL_ROUTES as Record<string, InternalRouteDeclaration | undefined>)[name];
      expect({ at: where(source, call), route: name, service: source.owner }).toEqual({
        at: where(source, call),
        route: name,
        service: declared?.service,
      });
      served.set(name, [...(served.get(name) ?? []), where(source, call)]);
      // the route's path is the whole path: the controller adds no prefix
      let node: ts.Node = call;
      while (!ts.isClassDeclaration(node)) node = node.parent;
      const controller = ts
        .getDecorators(node)
        ?.map((d) => d.expression)
        .find(
          (e): e is ts.CallExpression => ts.isCallExpression(e) && e.expression.getText() === 'Controller',
        );
      expect({ at: where(source, call), controllerArguments: controller?.arguments.length }).toEqual({
        at: where(source, call),
        controllerArguments: 0,
      });
    }
    expect(Object.fromEntries([...served].map(([k, at]) => [k, at.length]))).toEqual(
      Object.fromEntries(ROUTE_KEYS.map((k) => [k, 1])),
    );
  });

  it('is what the internal clients call: every call site by a declared caller, every declared caller calling', () => {
    const called = new Set<string>();
    for (const source of SOURCES) {
      walk(source.ast, (node) => {
        if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
        const method = node.expression.name.text.toUpperCase();
        const text = pathText(node.arguments[0]);
        if (!text?.startsWith('/internal/') || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
          return;
        const key = routeOfCall(method, text);
        const at = where(source, node);
        expect({ at, call: `${method} ${text}`, declared: key !== undefined }).toEqual({
          at,
          call: `${method} ${text}`,
          declared: true,
        });
        expect({
          at,
          route: key,
          caller: source.owner,
          allowed: route(key!).callers.includes(source.owner as never),
        }).toEqual({
          at,
          route: key,
          caller: source.owner,
          allowed: true,
        });
        called.add(`${source.owner} ${key}`);
      });
    }
    const declared = ROUTE_KEYS.filter((key) => !route(key).uncalled).flatMap((key) =>
      route(key).callers.map((caller) => `${caller} ${key}`),
    );
    expect([...called].sort()).toEqual(declared.sort());
  });

  it('is what the queues do: producers add jobs (@InjectQueue, new Queue), consumers run them (@Processor, new Worker)', () => {
    // queue names are written as constants: `export const MAIL_QUEUE = 'mail'`
    const constants = new Map<string, string>();
    for (const { ast } of SOURCES) {
      walk(ast, (node) => {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
          if (ts.isStringLiteral(node.initializer)) constants.set(node.name.text, node.initializer.text);
        }
      });
    }
    const seen: Record<string, { producers: Set<string>; consumers: Set<string> }> = {};
    const record = (
      side: 'producers' | 'consumers',
      source: Source,
      node: ts.CallExpression | ts.NewExpression,
    ) => {
      const arg = node.arguments?.[0];
      const name =
        arg &&
        (ts.isStringLiteral(arg) ? arg.text : ts.isIdentifier(arg) ? constants.get(arg.text) : undefined);
      expect({ at: where(source, node), queue: name !== undefined }).toEqual({
        at: where(source, node),
        queue: true,
      });
      seen[name!] ??= { producers: new Set(), consumers: new Set() };
      seen[name!][side].add(source.owner);
    };
    for (const { source, call } of callsOf('InjectQueue')) record('producers', source, call);
    for (const { source, call } of callsOf('Processor')) record('consumers', source, call);
    for (const source of SOURCES) {
      walk(source.ast, (node) => {
        if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
          if (node.expression.text === 'Queue') record('producers', source, node);
          if (node.expression.text === 'Worker') record('consumers', source, node);
        }
      });
    }
    const sorted = (s: Iterable<string>) => [...s].sort();
    expect(
      Object.fromEntries(
        Object.entries(seen).map(([name, q]) => [
          name,
          { producers: sorted(q.producers), consumers: sorted(q.consumers) },
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        Object.entries(QUEUES).map(([name, q]) => [
          name,
          { producers: sorted(q.producers), consumers: sorted(q.consumers) },
        ]),
      ),
    );
  });
});
