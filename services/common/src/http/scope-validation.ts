import { Get, Header, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ownEntry, pickRules, type ScopeRules } from '@agora/contracts';
import { ExistsAnswer, ScopeRulesAnswer } from '@agora/contracts/api';
import { AppError } from '../errors/app-error.js';
import { Public } from '../identity/decorators.js';
import { ZodResponse } from './zod.js';

/** Looks a value of a unique field up: whether it exists already (`parent` as the request gave it). */
export type ExistenceCheck = (value: string, parent: string | undefined) => Promise<boolean>;

/**
 * The validation endpoints every service with validation scopes serves: the rules of a scope, the rules of some
 * of its fields, and `checkIfExists` for its unique fields. A service extends this with its own `@Controller()`,
 * passing the prefix of its error codes (`LIBRARY` gives 404 `LIBRARY.UNKNOWN_SCOPE`, 400
 * `LIBRARY.UNKNOWN_FIELD` and 400 `LIBRARY.NOT_UNIQUE_FIELD`).
 */
@ApiTags('validation')
export abstract class ScopeValidationController {
  protected constructor(private readonly codePrefix: 'ACCOUNTS' | 'LIBRARY' | 'CONSULTATION') {}

  /**
   * The rules of a scope as the request names it, or undefined when the service has no such scope. `scope` is
   * request text: look it up among own entries only (`ownEntry`), so `constructor` or `__proto__` is unknown.
   */
  protected abstract rulesOf(scope: string): ScopeRules | undefined;

  /** How to look a field's values up, or undefined when the field is not checked for existence. */
  protected abstract existenceOf(scope: string, field: string): ExistenceCheck | undefined;

  @ApiOperation({ summary: 'The validation rules of a scope' })
  @Public()
  @Get('validation/scope/:scope')
  @ZodResponse(ScopeRulesAnswer)
  all(@Param('scope') scope: string): ScopeRules {
    return this.rules(scope);
  }

  @ApiOperation({ summary: 'The rules of some fields of a scope (`fields` is `;`-joined)' })
  @Public()
  @Get('validation/scope/:scope/fields/:fields')
  @ZodResponse(ScopeRulesAnswer)
  some(@Param('scope') scope: string, @Param('fields') fields: string): ScopeRules {
    const picked = pickRules(this.rules(scope), fields);
    if (!picked) throw this.unknownField();
    return picked;
  }

  @ApiOperation({
    summary: 'Whether a value of a unique field exists already: true|false',
    description:
      'Short names of consultation topics, attributes and variables are unique within their parent: pass its ' +
      'token in `parent`. Other fields need no parent.',
  })
  @ApiQuery({
    name: 'parent',
    required: false,
    description: 'the token of the parent (project, topic, attribute) of a short name',
  })
  @Public()
  @Get('checkIfExists/scope/:scope/field/:field/value/:value')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ZodResponse(ExistsAnswer)
  async exists(
    @Param('scope') scope: string,
    @Param('field') field: string,
    @Param('value') value: string,
    @Query('parent') parent?: string,
  ): Promise<boolean> {
    if (!ownEntry(this.rules(scope), field)) throw this.unknownField();
    const check = this.existenceOf(scope, field);
    if (!check) {
      throw AppError.badRequest(
        `${this.codePrefix}.NOT_UNIQUE_FIELD`,
        'this field is not checked for existence',
      );
    }
    return check(value, parent);
  }

  private rules(scope: string): ScopeRules {
    const rules = this.rulesOf(scope);
    if (!rules) throw AppError.notFound('unknown validation scope', `${this.codePrefix}.UNKNOWN_SCOPE`);
    return rules;
  }

  private unknownField(): AppError {
    return AppError.badRequest(`${this.codePrefix}.UNKNOWN_FIELD`, 'unknown field');
  }
}
