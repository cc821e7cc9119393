import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ScopeValidationController, type ExistenceCheck } from '@agora/common';
import { ownEntry, type ScopeRules } from '@agora/contracts';
import { parseToken } from '../http/params.js';
import type { UniqueField } from './scope.js';
import { SCOPES } from './scopes.js';
import { ValidationErrors } from './validation.errors.js';

/**
 * The rules of the consultation scopes (category, project, node/topic, attribute, variable, consultationProfile),
 * the same rules every write checks, and `checkIfExists` for their unique fields. Short names of topics,
 * attributes and variables are unique within their parent: `checkIfExists` then needs its token in `parent`.
 */
@Controller()
export class ConsultationValidationController extends ScopeValidationController {
  constructor(@InjectDataSource('consultation') private readonly db: DataSource) {
    super('CONSULTATION');
  }

  protected rulesOf(scope: string): ScopeRules | undefined {
    return ownEntry(SCOPES, scope.toLowerCase())?.rules;
  }

  protected existenceOf(scope: string, field: string): ExistenceCheck | undefined {
    const unique = ownEntry(SCOPES, scope.toLowerCase())?.unique;
    const where = unique && ownEntry(unique, field);
    return where && ((value, parent) => this.lookUp(where, value, parent));
  }

  private async lookUp(where: UniqueField, value: string, parent: string | undefined): Promise<boolean> {
    // Table and column names come from the scope definitions in code, never from the request.
    const sql = `SELECT 1 FROM "consultation"."${where.table}" WHERE "${where.column}" = $1`;
    if (!where.parent) return (await this.db.query(sql + ' LIMIT 1', [value])).length > 0;
    if (parent === undefined) throw ValidationErrors.badParent();
    const rows: unknown[] = await this.db.query(`${sql} AND "${where.parent}" = $2 LIMIT 1`, [
      value,
      parseToken(parent),
    ]);
    return rows.length > 0;
  }
}
