import {
  applyDecorators,
  Body,
  Injectable,
  Query,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { ApiBody, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { ErrorCode, FieldFailure, FieldRuleName } from '@agora/contracts';
import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { parseShallowJson } from './json-depth.js';

/**
 * Request and response bodies are zod schemas declared once in `@agora/contracts/api` and shared by the browser
 * and the services. A route names its schemas here:
 *
 *   @Post('login')
 *   @ZodResponse(LoginAnswer)
 *   login(@ZodBody(LoginBody) body: LoginBody) {…}
 *
 * `ZodBody` validates the body (a refusal is a 400 naming the field and the rule it broke, see `FieldFailure`) and
 * documents it in the service's OpenAPI document; `ZodResponse` documents the answer, and the tests check every
 * answer against it (`checkResponses`). Multipart bodies are the same schemas: their text fields are read into the
 * types the schema expects (`formFields`) before validation.
 */

/** Where a schema's OpenAPI form is needed: what a client sends (`input`) or what it receives (`output`). */
type Io = 'input' | 'output';

/** The OpenAPI 3.0 schema of a zod schema (zod's own JSON Schema generator, OpenAPI target). */
export function openApiSchemaOf(schema: z.ZodType, io: Io): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

/** `choices[2].content` from zod's path `['choices', 2, 'content']`. */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  let name = '';
  for (const part of path) {
    if (typeof part === 'number') name += `[${part}]`;
    else name += name ? `.${String(part)}` : String(part);
  }
  return name;
}

const NUMERIC_ORIGINS = new Set(['number', 'int', 'bigint']);

/**
 * The rule (and its numbers) of one zod issue, in the platform's rule names (`FIELD_RULES`). A missing field is
 * told from a wrong one by the issue's input: parse with `reportInput: true` (as `parseWith` does).
 */
function ruleOf(issue: z.core.$ZodIssue): Pick<FieldFailure, 'rule' | 'values'> {
  switch (issue.code) {
    case 'invalid_type':
      return { rule: issue.input === undefined ? 'required' : 'type' };
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string' && n === 1) return { rule: 'required' };
      return NUMERIC_ORIGINS.has(issue.origin)
        ? { rule: 'range', values: { min: n } }
        : { rule: 'min', values: { n } };
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      return NUMERIC_ORIGINS.has(issue.origin)
        ? { rule: 'range', values: { max: n } }
        : { rule: 'max', values: { n } };
    }
    case 'invalid_format':
      return { rule: 'pattern', values: { message: issue.format } };
    case 'invalid_value':
    case 'invalid_union':
      return { rule: 'choice' };
    case 'unrecognized_keys':
      return { rule: 'unknown' };
    case 'custom': {
      const params = issue.params as { rule?: FieldRuleName; values?: FieldFailure['values'] } | undefined;
      return { rule: params?.rule ?? 'invalid', ...(params?.values ? { values: params.values } : {}) };
    }
    default:
      return { rule: 'invalid' };
  }
}

/** How a refusal is worded: the code, and whether `Error` starts with the field's name ("title: too long"). */
export interface RefusalOptions {
  /** default `REQUEST.INVALID` */
  code?: ErrorCode;
  /** default false: `Error` is the schema's message alone */
  namesField?: boolean;
}

/**
 * The service's answer to a body its schema refuses: 400 with the code, `Error` the first issue's message (the
 * schema's own where it gives one; "field: message" when `namesField`) and its `field`, `rule` and `values`.
 */
export function refusalOf(error: z.ZodError, options: RefusalOptions = {}): AppError {
  const code = options.code ?? 'REQUEST.INVALID';
  const issue = error.issues[0];
  if (!issue) return AppError.badRequest(code, 'invalid body');
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const field = fieldName(path);
  const { rule, values } = ruleOf(issue);
  const failure: FieldFailure = { field, ...(rule ? { rule } : {}), ...(values ? { values } : {}) };
  return new AppError(
    code,
    400,
    field && options.namesField ? `${field}: ${issue.message}` : issue.message,
    failure,
  );
}

/** Validates `value` with `schema`; a refusal throws the 400 of `refusalOf`. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  options: RefusalOptions = {},
): z.output<S> {
  // the input of each issue tells a missing field (required) from a wrong one (type)
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw refusalOf(result.error, options);
  return result.data;
}

/** The zod type under optional, nullable, default and pipe wrappers: what a form's text must become. */
function coreOf(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
    if (
      def.innerType &&
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type)
    )
      current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

const JSON_TYPES = new Set(['object', 'array', 'record', 'tuple', 'union', 'intersection']);

/**
 * The fields of a multipart form read into the types its schema expects: every multipart value is text, so a
 * number field's text becomes a number (`'12'` → 12), a boolean's `'true'`/`'false'` (or `'1'`/`'0'`) a boolean,
 * and a list's or an object's text is parsed as JSON (refused with 400 `REQUEST.TOO_DEEP` when nested more deeply
 * than a JSON body may be); a text that does not read stays as it is, for the schema to refuse by name. Fields the schema does not know are left for it to refuse.
 */
export function formFields(schema: z.ZodType, fields: Record<string, unknown>): Record<string, unknown> {
  const shape = (coreOf(schema) as { _zod: { def: { shape?: Record<string, z.core.$ZodType> } } })._zod.def
    .shape;
  if (!shape) return fields;
  const read: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(fields)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    read[key] = typeof raw === 'string' && field ? fromText(coreOf(field), raw) : raw;
  }
  return read;
}

function fromText(field: z.core.$ZodType, text: string): unknown {
  const type = (field._zod.def as { type: string }).type;
  if (type === 'number' || type === 'int' || type === 'bigint') {
    const n = text.trim() === '' ? NaN : Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (type === 'boolean') {
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    return text;
  }
  if (type === 'null') return text === '' || text === 'null' ? null : text;
  if (JSON_TYPES.has(type)) {
    try {
      // nested too deeply: 400 REQUEST.TOO_DEEP, as for a JSON body (json-depth.ts)
      return parseShallowJson(text);
    } catch (error) {
      if (error instanceof AppError) throw error;
      return text;
    }
  }
  return text;
}

/** Validates a body (JSON, or a multipart form's fields read by `formFields`) with one schema. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    readonly schema: S,
    private readonly options: RefusalOptions = {},
  ) {}

  transform(value: unknown): z.output<S> {
    const isForm = value !== null && typeof value === 'object' && !Array.isArray(value);
    return parseWith(
      this.schema,
      isForm ? formFields(this.schema, value as Record<string, unknown>) : value,
      this.options,
    );
  }
}

/**
 * The body of a route, validated by `schema` and documented with it. Use as a parameter decorator:
 * `create(@ZodBody(CategoryBody) body: CategoryBody)`.
 */
export function ZodBody(schema: z.ZodType, options: RefusalOptions = {}): ParameterDecorator {
  const body = Body(new ZodPipe(schema, options));
  return (target, key, index) => {
    body(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) ApiBody({ schema: openApiSchemaOf(schema, 'input') })(target, key, descriptor);
  };
}

/** The query of a route, validated by an object schema and documented parameter by parameter. */
export function ZodQuery(schema: z.ZodObject, options: RefusalOptions = {}): ParameterDecorator {
  const query = Query(new ZodPipe(schema, options));
  return (target, key, index) => {
    query(target, key, index);
    if (key === undefined) return;
    // `q: XQuery` (the schema's same-named type) records the schema object as the parameter's type, which the
    // OpenAPI generator reads as a class of query fields (its prototype): recorded as a plain object instead
    const types = Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined;
    if (types?.[index] === schema) types[index] = Object;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor) return;
    for (const [name, field] of Object.entries(schema.shape)) {
      ApiQuery({
        name,
        required: !(field as z.ZodType).safeParse(undefined).success,
        schema: openApiSchemaOf(field as z.ZodType, 'input'),
      })(target, key, descriptor);
    }
  };
}

/** Metadata key of a route's declared answer schema (read by `checkResponses`). */
export const RESPONSE_SCHEMA = 'agora:response-schema';

/** Documents a route's answer with `schema` (status 200 unless given) and records it for the answer check. */
export function ZodResponse(schema: z.ZodType, status = 200, description = 'OK'): MethodDecorator {
  return applyDecorators(
    ApiResponse({ status, description, schema: openApiSchemaOf(schema, 'output') }),
    (_target: object, _key: string | symbol, descriptor: PropertyDescriptor) => {
      Reflect.defineMetadata(RESPONSE_SCHEMA, schema, descriptor.value as object);
      return descriptor;
    },
  );
}

/**
 * Checks every answer of a route that declares its schema (`ZodResponse`) against it and turns a mismatch into a
 * logged 500: on in the tests (`CHECK_RESPONSES=true`), so that a declared answer that drifts from what the code
 * sends fails the suite instead of misleading the OpenAPI document and the typed client.
 */
@Injectable()
export class ResponseCheckInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const schema = Reflect.getMetadata(RESPONSE_SCHEMA, ctx.getHandler()) as z.ZodType | undefined;
    if (!schema) return next.handle();
    const route = `${ctx.getClass().name}.${ctx.getHandler().name}`;
    return next.handle().pipe(
      map((answer: unknown) => {
        if (answer === undefined && ctx.switchToHttp().getResponse<{ headersSent: boolean }>().headersSent)
          return answer;
        const result = schema.safeParse(answer);
        if (!result.success)
          throw new Error(`${route} answered outside its declared schema: ${z.prettifyError(result.error)}`);
        return answer;
      }),
    );
  }
}
