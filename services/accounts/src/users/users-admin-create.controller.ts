import { Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, RequireRole, ZodBody, ZodResponse, type AuditActor } from '@agora/common';
import { AdminUserCreateBody, UserAnswer } from '@agora/contracts/api';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { toUserAnswer } from './user.mapper.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@UseFilters(AccountsErrorFilter)
@Controller('users')
export class UsersAdminCreateController {
  constructor(private readonly users: UsersService) {}

  @ApiOperation({
    summary:
      'An admin adds a user: the registration fields and rules (open or closed registration) plus a role. ' +
      '400 {Error, field}; 409 "username exists" / "This value already exists!"',
  })
  @RequireRole('admin')
  @Post()
  @HttpCode(200)
  @ZodResponse(UserAnswer)
  async create(
    @Actor() actor: AuditActor,
    @ZodBody(AdminUserCreateBody) body: AdminUserCreateBody,
  ): Promise<UserAnswer> {
    const { role, ...registration } = body;
    return toUserAnswer(await this.users.register(registration, { actor, role }));
  }
}
