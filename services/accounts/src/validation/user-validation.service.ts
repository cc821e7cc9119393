import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkForm, type FieldValue, type FormMode } from '@agora/contracts';
import { Repository } from 'typeorm';
import { AccountsErrors, FieldError } from '../errors/accounts-errors.js';
import { User } from '../users/user.entity.js';
import { USER_RULES, USER_UNIQUE_FIELDS, type UserUniqueField } from './user-rules.js';

export function isUniqueField(field: string): field is UserUniqueField {
  return (USER_UNIQUE_FIELDS as readonly string[]).includes(field);
}

@Injectable()
export class UserValidationService {
  constructor(@InjectRepository(User, 'accounts') private readonly users: Repository<User>) {}

  /** Throws the first failing field as 400 `{"Error": <message>, "field"}` (fields in the rules' order). */
  check(values: Record<string, FieldValue>, mode: FormMode): void {
    const errors = checkForm(USER_RULES, values, mode);
    const first = Object.entries(errors)[0];
    if (first) throw new FieldError(first[0], 400, first[1].message);
  }

  /** Whether a user already has this value (case-insensitive), optionally ignoring one user. */
  async exists(field: UserUniqueField, value: string, exceptUuid?: string): Promise<boolean> {
    const qb = this.users
      .createQueryBuilder('u')
      .where(`lower(u.${field}) = lower(:value)`, { value: value.trim() });
    if (exceptUuid) qb.andWhere('u.uuid <> :exceptUuid', { exceptUuid });
    return (await qb.getCount()) > 0;
  }

  /** Throws 409 'This value already exists!' for the first unique field in `values` that is taken. */
  async checkUnique(values: Partial<Record<UserUniqueField, string>>, exceptUuid?: string): Promise<void> {
    for (const field of USER_UNIQUE_FIELDS) {
      const value = values[field];
      if (value !== undefined && (await this.exists(field, value, exceptUuid))) {
        throw field === 'username' ? AccountsErrors.usernameExists() : AccountsErrors.valueExists(field);
      }
    }
  }
}
