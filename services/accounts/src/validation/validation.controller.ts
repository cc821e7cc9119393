import { Controller, Get, Header, Param, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@agora/common';
import { pickRules, type ScopeRules } from '@agora/contracts';
import { AccountsErrorFilter, AccountsErrors } from '../errors/accounts-errors.js';
import { USER_RULES } from './user-rules.js';
import { isUniqueField, UserValidationService } from './user-validation.service.js';

function scopeRules(scope: string): ScopeRules {
  if (scope.toLowerCase() !== 'users') throw AccountsErrors.unknownScope();
  return USER_RULES;
}

@ApiTags('validation')
@UseFilters(AccountsErrorFilter)
@Controller()
export class ValidationController {
  constructor(private readonly validation: UserValidationService) {}

  @ApiOperation({ summary: 'The validation rules of a scope (accounts owns `users`)' })
  @Public()
  @Get('validation/scope/:scope')
  all(@Param('scope') scope: string): ScopeRules {
    return scopeRules(scope);
  }

  @ApiOperation({ summary: 'The rules of some fields of a scope (`fields` is `;`-joined)' })
  @Public()
  @Get('validation/scope/:scope/fields/:fields')
  some(@Param('scope') scope: string, @Param('fields') fields: string): ScopeRules {
    const picked = pickRules(scopeRules(scope), fields);
    if (!picked) throw AccountsErrors.unknownField();
    return picked;
  }

  @ApiOperation({ summary: 'Whether a value of a unique field exists already (true|false)' })
  @Public()
  @Get('checkIfExists/scope/:scope/field/:field/value/:value')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async exists(
    @Param('scope') scope: string,
    @Param('field') field: string,
    @Param('value') value: string,
  ): Promise<boolean> {
    const rules = scopeRules(scope);
    if (!rules[field]) throw AccountsErrors.unknownField();
    if (!isUniqueField(field)) throw AccountsErrors.notUniqueField();
    return this.validation.exists(field, value);
  }
}
