import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Put, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  CurrentUser,
  LoggedIn,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
} from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import {
  AdminUserUpdateBody,
  MessageAnswer,
  UserAnswer,
  UsersPageAnswer,
  UserStatsAnswer,
} from '@agora/contracts/api';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { parseUserFilters, parseUserSort } from './users.query.js';
import { ListPath, listPaths, parseListPath, type ListPathParams } from './list-path.js';
import { AccountDeletion } from '../deletion/account-deletion.js';
import { UsersService } from './users.service.js';

const uuidPipe = new ParseUUIDPipe({ version: '4' });

const LIST_PATHS = listPaths();

@ApiTags('users')
@UseFilters(AccountsErrorFilter)
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly deletion: AccountDeletion,
  ) {}

  @ApiOperation({
    summary:
      'Users, paged, sorted, searched and filtered (fq: role:{role};active:{bool}); /limit/{n} (max 10000) for CSV',
  })
  @RequireRole('admin')
  @Get(LIST_PATHS)
  @ZodResponse(UsersPageAnswer)
  list(@ListPath() path: ListPathParams): Promise<UsersPageAnswer> {
    const { filter, ...list } = parseListPath(path, parseUserSort, parseUserFilters);
    return this.users.list({ ...list, filters: filter });
  }

  @ApiOperation({ summary: 'User counts: total, by status and by role (admins)' })
  @RequireRole('admin')
  @Get('admin/stats')
  @ZodResponse(UserStatsAnswer)
  stats(): Promise<UserStatsAnswer> {
    return this.users.stats();
  }

  @ApiOperation({ summary: 'One user (admins, or the user themself)' })
  @LoggedIn()
  @Get('uuid/:uuid')
  @ZodResponse(UserAnswer)
  get(@Param('uuid', uuidPipe) uuid: string, @CurrentUser() caller: SessionUser): Promise<UserAnswer> {
    return this.users.get(uuid, caller);
  }

  @ApiOperation({
    summary: 'Change a user (admins): {role}, {active} (not your own) or profile fields; returns the user',
  })
  @RequireRole('admin')
  @Put('uuid/:uuid')
  @ZodResponse(UserAnswer)
  update(
    @Param('uuid', uuidPipe) uuid: string,
    @ZodBody(AdminUserUpdateBody) body: AdminUserUpdateBody,
    @Actor() actor: AuditActor,
  ): Promise<UserAnswer> {
    return this.users.adminUpdate(actor, uuid, body);
  }

  @ApiOperation({
    summary:
      'Delete a user as they could themselves (admins; not yourself): their consultation data erased or detached, ' +
      'then the account with its sessions, enrolments and external logins; 503 when consultation does not answer',
  })
  @RequireRole('admin')
  @Delete('uuid/:uuid')
  @HttpCode(200)
  @ZodResponse(MessageAnswer)
  async remove(@Param('uuid', uuidPipe) uuid: string, @Actor() actor: AuditActor): Promise<MessageAnswer> {
    await this.deletion.deleteByAdmin(actor, uuid);
    return { message: 'data deleted' };
  }
}
