// The code against the service graph of @agora/contracts: every `@Internal(route)` handler and every internal
// client call site of the deployables' sources, and every queue's producers and consumers, as the table declares them.
// The mail worker is a node of its own: the part of services/mailing that its process loads.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  findCycle,
  INTERNAL_ROUTES,
  MAIL_WORKER,
  QUEUES,
  serviceEdges,
  splitRouteKey,
  type InternalRouteDeclaration,
  type InternalRouteKey,
} from '@agora/contracts';
import { ROOT } from './lib/stack.mjs';

const DEPLOYABLES = ['accounts', 'library', 'consultation', 'mailing', 'gateway'] as const;
type Deployable = (typeof DEPLOYABLES)[number] | typeof MAIL_WORKER;
/** Where shared code lives: it may declare queue names, but neither serves nor calls an internal route. */
const SHARED = 'common';
type Owner = Deployable | typeof SHARED;

interface Source {
  /** The nodes whose processes load the file (one, except for the code the mailing API and the mail worker share). */
  owners: Owner[];
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

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The files of the same package that `ast` uses: imports and re-exports (of types too), `import()`. */
function localImports(ast: ts.SourceFile): string[] {
  const found: string[] = [];
  walk(ast, (node) => {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) spec = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      spec = node.arguments[0];
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.'))
      found.push(path.resolve(path.dirname(ast.fileName), spec.text.replace(/\.js$/, '.ts')));
  });
  return found;
}

/**
 * services/mailing is two nodes. `MailModule` puts its parts together by its options, so its imports are not
 * followed: each node names the parts its process loads (`http` for the API, `worker` for the worker process, and
 * those of every process), and the barrel `index.ts`, which the launchers load both through, is not followed either.
 */
const MAILING_SRC = path.join(ROOT, 'services/mailing/src');
const MAIL_MODULE = 'mail/mail.module.ts';
const MAIL_PARTS = {
  always: ['mail/mail.service.ts', 'mail/mail.store.ts', 'mail/mail.readiness.ts', 'mail/mail.transport.ts'],
  http: ['mail/mail.controller.ts'],
  worker: ['mail/mail.processor.ts', 'mail/mail.recovery.ts', 'requests/mail-requests.module.ts'],
  // what MailModule imports besides: queue names, injection tokens, the settings' type
  other: ['mail/mail.jobs.ts', 'mail/mail.tokens.ts', 'config.ts'],
};
const NOT_FOLLOWED = new Set([MAIL_MODULE, 'index.ts'].map((f) => path.join(MAILING_SRC, f)));
const MAILING_ROOTS: Record<'mailing' | typeof MAIL_WORKER, string[]> = {
  mailing: ['main.ts', ...MAIL_PARTS.always, ...MAIL_PARTS.http],
  [MAIL_WORKER]: ['worker.ts', ...MAIL_PARTS.always, ...MAIL_PARTS.worker],
};

/** The mailing files each of the two nodes loads, from its roots along the imports. */
function mailingClosure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = roots.map((r) => path.join(MAILING_SRC, r));
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!NOT_FOLLOWED.has(file)) todo.push(...localImports(parse(file)));
  }
  return seen;
}
const MAILING_NODES = Object.entries(MAILING_ROOTS).map(
  ([node, roots]) => [node as Deployable, mailingClosure(roots)] as const,
);

const OWNERS: ReadonlyArray<Exclude<Owner, typeof MAIL_WORKER>> = [...DEPLOYABLES, SHARED];
const SOURCES: Source[] = OWNERS.flatMap((owner) =>
  sourceFiles(path.join(ROOT, owner === 'gateway' ? 'gateway/src' : `services/${owner}/src`)).map((file) => ({
    owners:
      owner === 'mailing'
        ? MAILING_NODES.filter(([, files]) => files.has(file) || NOT_FOLLOWED.has(file)).map(([n]) => n)
        : [owner],
    file: path.relative(ROOT, file),
    ast: parse(file),
  })),
);

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
  it('has no cycle, and marks no route as closing one', () => {
    expect(findCycle(serviceEdges())).toBeNull();
    for (const [key, declared] of Object.entries(INTERNAL_ROUTES))
      expect({
        key,
        marks: Object.keys(declared).filter((k) => !['service', 'callers', 'uncalled'].includes(k)),
      }).toEqual({ key, marks: [] });
  });

  it('splits services/mailing into the API and the mail worker: every file loaded by one of them', () => {
    const mailing = SOURCES.filter((s) => s.file.startsWith('services/mailing/'));
    expect(mailing.filter((s) => s.owners.length === 0).map((s) => s.file)).toEqual([]);
    const only = (node: Deployable) =>
      mailing.filter((s) => s.owners.length === 1 && s.owners[0] === node).map((s) => s.file);
    expect(only(MAIL_WORKER)).toEqual(expect.arrayContaining(['services/mailing/src/worker-app.ts']));
    expect(only('mailing')).toEqual(expect.arrayContaining(['services/mailing/src/invitations/sending.ts']));
    // MailModule loads its http and worker parts only under those options
    const mailModule = parse(path.join(MAILING_SRC, MAIL_MODULE));
    const partOf = new Map<string, 'http' | 'worker'>();
    walk(mailModule, (node) => {
      if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) return;
      const file = path.relative(
        MAILING_SRC,
        path.resolve(path.dirname(mailModule.fileName), node.moduleSpecifier.text.replace(/\.js$/, '.ts')),
      );
      const part = MAIL_PARTS.http.includes(file)
        ? 'http'
        : MAIL_PARTS.worker.includes(file)
          ? 'worker'
          : null;
      const names = node.importClause?.namedBindings;
      if (part && names && ts.isNamedImports(names))
        for (const e of names.elements) partOf.set(e.name.text, part);
    });
    const unguarded: string[] = [];
    walk(mailModule, (node) => {
      if (!ts.isIdentifier(node) || ts.isImportSpecifier(node.parent)) return;
      const part = partOf.get(node.text);
      if (!part) return;
      const guard = `options.${part}`;
      let guarded = false;
      for (let n: ts.Node = node; n.parent && !guarded; n = n.parent) {
        const p = n.parent;
        guarded =
          (ts.isConditionalExpression(p) && p.whenTrue === n && p.condition.getText() === guard) ||
          (ts.isIfStatement(p) && p.thenStatement === n && p.expression.getText() === guard);
      }
      if (!guarded) unguarded.push(`${node.text} outside ${guard}`);
    });
    expect(unguarded).toEqual([]);
    // the parts named for MailModule are what it loads
    const named = [...MAIL_PARTS.always, ...MAIL_PARTS.http, ...MAIL_PARTS.worker, ...MAIL_PARTS.other];
    expect(
      localImports(parse(path.join(MAILING_SRC, MAIL_MODULE)))
        .map((f) => path.relative(MAILING_SRC, f))
        .sort(),
    ).toEqual(named.sort());
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
      expect({ at: where(source, call), route: name, served: source.owners }).toEqual({
        at: where(source, call),
        route: name,
        served: [declared?.service],
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
        // the client's `stream` is a GET whose answer is streamed
        const name = node.expression.name.text;
        const method = name === 'stream' ? 'GET' : name.toUpperCase();
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
        for (const caller of source.owners) {
          expect({ at, route: key, caller, allowed: route(key!).callers.includes(caller as never) }).toEqual({
            at,
            route: key,
            caller,
            allowed: true,
          });
          called.add(`${caller} ${key}`);
        }
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
      for (const owner of source.owners) seen[name!][side].add(owner);
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
