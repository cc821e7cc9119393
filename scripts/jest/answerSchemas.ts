// The answer schemas of the services' committed OpenAPI documents, for the web tests' fake fetch: a fixture that
// the documented route would not answer (a renamed field, a wrong type) fails its test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseAnswer } from '@agora/contracts';
import { AuditPageAnswer } from '@agora/contracts/api';

/** The answers of the gateway's own JSON routes (gateway/src/api.ts), which no service's document describes. */
const GATEWAY_ANSWERS: Readonly<Record<string, z.ZodType>> = {
  'GET /api/audit': AuditPageAnswer,
};

/** In the order of `SERVICES` (scripts/lib/stack.mjs): a path two services describe is the first one's. */
const SERVICES = ['accounts', 'library', 'consultation', 'mailing'] as const;

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

interface Route {
  /** the documented path under `/api`, e.g. `/api/users/uuid/{uuid}` */
  template: string;
  pattern: RegExp;
  /** per segment: 1 for a fixed one, 0 for a `{name}`: a fixed segment wins over a `{name}` at its place */
  weights: number[];
  operations: Record<string, Operation>;
}

function routeOf(template: string, operations: Record<string, Operation>): Route {
  const segments = template.split('/').slice(1);
  const source = segments
    .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+'))
    .join('/');
  return {
    template,
    pattern: new RegExp(`^/${source}/?$`),
    weights: segments.map((s) => (s.includes('{') ? 0 : 1)),
    operations,
  };
}

/** The published routes (the gateway's `/api` prefix), the first service's for a path several describe. */
const routes: Route[] = (() => {
  const seen = new Map<string, Route>();
  for (const service of SERVICES) {
    const file = path.join(__dirname, '..', '..', 'services', service, 'openapi.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Document;
    for (const [servicePath, operations] of Object.entries(doc.paths)) {
      const template = servicePath === '/' ? '/api' : `/api${servicePath}`;
      if (!seen.has(template)) seen.set(template, routeOf(template, operations));
    }
  }
  return [...seen.values()];
})();

/** Fixed segments first, from the left: the route the services would answer with. */
function moreSpecific(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.weights.length, b.weights.length); i += 1) {
    const d = b.weights[i]! - a.weights[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * `schema` as a fixture is held to it: each field the fixture names must be one the document names
 * (`additionalProperties: false`), of the documented type, enum or literal; but it may leave fields out (no
 * `required` lists: a fixture names what its test reads), and a string's format (`uuid`, `date-time`, with the
 * pattern that spells it) is not checked, so that fixtures keep readable ids such as `v-1`.
 */
function namedFieldsOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(namedFieldsOnly);
  if (typeof schema !== 'object' || schema === null) return schema;
  const formatted = 'format' in schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value)) continue;
    if (key === 'format' || (formatted && key === 'pattern')) continue;
    // `properties` maps names to schemas: its keys are field names, not keywords
    out[key] =
      key === 'properties' && typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, namedFieldsOnly(sub)]))
        : namedFieldsOnly(value);
  }
  return out;
}

const schemas = new Map<string, z.ZodType | null>();

/** The answer's JSON schema as zod, or null when the document describes none (a file, an empty answer). */
function answerSchema(route: Route, method: string, status: number): z.ZodType | null {
  const key = `${method} ${route.template} ${status}`;
  if (schemas.has(key)) return schemas.get(key)!;
  const responses = route.operations[method.toLowerCase()]?.responses ?? {};
  // a fixture's 200 for a documented 201 (or the other way round) still has the documented answer's shape
  const success = Object.keys(responses).find((code) => /^2/.test(code));
  const response = responses[String(status)] ?? (success === undefined ? undefined : responses[success]);
  const json = response?.content?.['application/json']?.schema;
  const schema =
    json === undefined
      ? null
      : z.fromJSONSchema(namedFieldsOnly(json) as never, { defaultTarget: 'openapi-3.0' });
  schemas.set(key, schema);
  return schema;
}

/**
 * Why `body` is not what `METHOD url` answers with `status` by the documents, or null when it is (or the answer is
 * not a successful JSON one of a documented route: an error, a file, an address outside `/api`).
 */
export function answerMismatch(method: string, url: string, status: number, body: unknown): string | null {
  if (status < 200 || status >= 300 || body === undefined) return null;
  const pathname = url.split(/[?#]/, 1)[0]!;
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return null;
  const route = routes
    .filter((r) => r.pattern.test(pathname) && r.operations[method.toLowerCase()])
    .sort(moreSpecific)[0];
  if (!route) {
    // the gateway's own routes (gateway/src/api.ts): the token cookie and the session, no service's document
    if (method === 'GET' && pathname === '/api/login') return null;
    const gateway = GATEWAY_ANSWERS[`${method} ${pathname}`];
    if (!gateway) return `${method} ${pathname} is no documented route`;
    const checked = gateway.safeParse(body);
    if (checked.success) return null;
    const issues = checked.error.issues
      .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`)
      .join('; ');
    return `the fixture of ${method} ${url} (${status}) is not the gateway's answer: ${issues}`;
  }
  const schema = answerSchema(route, method, status);
  if (!schema) return null;
  // a string is the answer's text, as the fake response sends it
  const value = typeof body === 'string' ? parseAnswer(body) : body;
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`)
    .join('; ');
  return `the fixture of ${method} ${url} (${status}) is not the answer of ${route.template}: ${issues}`;
}
