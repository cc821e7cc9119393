import { Controller, Module } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuditLog, AuditPageRoute, Internal, ZodQuery } from '@agora/common';
import { InternalAuditQuery, type InternalAuditAnswer } from '@agora/contracts/api';

/** The consultation service's audit log for the gateway's `GET /api/audit` (decision 0084). */
@ApiTags('internal')
@Controller()
export class AuditInternalController {
  constructor(private readonly audit: AuditLog) {}

  @Internal('GET /internal/consultation/audit')
  @AuditPageRoute()
  page(@ZodQuery(InternalAuditQuery) q: InternalAuditQuery): Promise<InternalAuditAnswer> {
    return this.audit.page(q);
  }
}

@Module({ controllers: [AuditInternalController] })
export class AuditInternalModule {}
