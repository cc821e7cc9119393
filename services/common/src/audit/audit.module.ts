import {
  applyDecorators,
  createParamDecorator,
  Global,
  Module,
  type DynamicModule,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { getDataSourceToken } from '@nestjs/typeorm';
import { InternalAuditAnswer } from '@agora/contracts/api';
import type { DataSource } from 'typeorm';
import { DEFAULT_AUDIT_RETENTION_DAYS, type ServiceConfig } from '../config/config.js';
import type { RequestWithIdentity } from '../identity/identity.guard.js';
import { ZodResponse } from '../http/zod.js';
import { SERVICE_CONFIG } from '../infra/tokens.js';
import { AuditLog, type AuditActor } from './audit-log.js';

/** The actor of a request: the verified identity's user and address, and the request id (`requestLogger`'s). */
export function auditActorOf(req: RequestWithIdentity & { id?: unknown }): AuditActor {
  const user = req.identity?.user ?? null;
  return {
    uuid: user?.uuid ?? null,
    username: user?.username ?? null,
    role: user?.role ?? null,
    ip: req.identity?.ip ?? null,
    requestId: typeof req.id === 'string' ? req.id : null,
  };
}

/** Who is acting in this request, for its audit entry: `update(@Actor() actor: AuditActor, …)`. */
export const Actor = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuditActor =>
  auditActorOf(ctx.switchToHttp().getRequest<RequestWithIdentity & { id?: unknown }>()),
);

/** Every service's `AuditLog`, on its own schema's DataSource (the root module of each service imports it). */
@Global()
@Module({})
export class AuditModule {
  static forService(schema: string): DynamicModule {
    return {
      module: AuditModule,
      providers: [
        {
          provide: AuditLog,
          inject: [getDataSourceToken(schema), SERVICE_CONFIG],
          useFactory: (ds: DataSource, config: ServiceConfig) =>
            new AuditLog(ds, schema, config.audit?.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS),
        },
      ],
      exports: [AuditLog],
    };
  }
}

/**
 * The documentation and answer check of a service's `GET /internal/<service>/audit` handler (each service serves
 * its own, as the service graph declares it): `@Internal('GET /internal/library/audit') @AuditPageRoute()`.
 */
export const AuditPageRoute = (): MethodDecorator =>
  applyDecorators(
    ZodResponse(InternalAuditAnswer),
    ApiOperation({
      summary:
        'A page of the audit log, newest first, filtered (user, action, object, from, to) after a position ' +
        '(before_at, before_id) (system calls only: gateway)',
    }),
  );
