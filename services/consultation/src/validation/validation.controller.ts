import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { Public } from '@agora/common';
import { pickRules, type ScopeRules } from '@agora/contracts';
import { parseToken } from '../http/params.js';
import { scopeOf } from './scopes.js';
import { ValidationErrors } from './validation.errors.js';

/**
 * The rules of the consultation scopes (category, project, node/topic, attribute, variable, consultationProfile),
 * the same rules every write checks, and `checkIfExists` for their unique fields.
 */
@ApiTags('validation')
@Controller()
export class ConsultationValidationController {
  constructor(@InjectDataSource('consultation') private readonly db: DataSource) {}

  @ApiOperation({ summary: 'The validation rules of a scope' })
  @Public()
  @Get('validation/scope/:scope')
  all(@Param('scope') scope: string): ScopeRules {
    return scopeOf(scope).rules;
  }

  @ApiOperation({ summary: 'The rules of some fields of a scope (`fields` is `;`-joined)' })
  @Public()
  @Get('validation/scope/:scope/fields/:fields')
  some(@Param('scope') scope: string, @Param('fields') fields: string): ScopeRules {
    const picked = pickRules(scopeOf(scope).rules, fields);
    if (!picked) throw ValidationErrors.unknownField();
    return picked;
  }

  @ApiOperation({
    summary: 'Whether a value of a unique field exists already: true|false',
    description:
      'Short names of topics, attributes and variables are unique within their parent: pass its token.',
  })
  @ApiQuery({
    name: 'parent',
    required: false,
    description: 'the token of the parent (project, topic, attribute)',
  })
  @Public()
  @Get('checkIfExists/scope/:scope/field/:field/value/:value')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async exists(
    @Param('scope') scope: string,
    @Param('field') field: string,
    @Param('value') value: string,
    @Query('parent') parent?: string,
  ): Promise<boolean> {
    const def = scopeOf(scope);
    if (!def.rules[field]) throw ValidationErrors.unknownField();
    const where = def.unique[field];
    if (!where) throw ValidationErrors.notUniqueField();
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
