import { Controller, UseFilters, UseGuards } from '@nestjs/common';
import { ScopeValidationController, type ExistenceCheck } from '@agora/common';
import type { ScopeRules } from '@agora/contracts';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { ExistsThrottleGuard } from './exists-throttle.guard.js';
import { USER_RULES } from './user-rules.js';
import { isUniqueField, UserValidationService } from './user-validation.service.js';

/** The rules of the accounts scope (`users`) and `checkIfExists` for its unique fields (throttled per address). */
@UseFilters(AccountsErrorFilter)
@UseGuards(ExistsThrottleGuard)
@Controller()
export class ValidationController extends ScopeValidationController {
  constructor(private readonly validation: UserValidationService) {
    super('ACCOUNTS');
  }

  protected rulesOf(scope: string): ScopeRules | undefined {
    return scope.toLowerCase() === 'users' ? USER_RULES : undefined;
  }

  protected existenceOf(_scope: string, field: string): ExistenceCheck | undefined {
    return isUniqueField(field) ? (value) => this.validation.exists(field, value) : undefined;
  }
}
