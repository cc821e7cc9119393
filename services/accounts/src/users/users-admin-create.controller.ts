import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CurrentUser, RequireRole } from '@agora/common';
import { ROLES, type Role, type SessionUser } from '@agora/contracts';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { RegistrationDto } from './dto/user-input.dto.js';
import { toUserDto, type UserDto } from './user.mapper.js';
import { UsersService } from './users.service.js';

/** The registration form plus the role an admin chooses (default `authorized`). */
export class AdminUserCreateDto extends RegistrationDto {
  @ApiPropertyOptional({ enum: ROLES, default: 'authorized' })
  @IsOptional()
  @IsIn(ROLES as readonly string[], { message: 'invalid role' })
  role?: Role;
}

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
  async create(@CurrentUser() caller: SessionUser, @Body() body: AdminUserCreateDto): Promise<UserDto> {
    const { role, ...registration } = body;
    const saved = await this.users.register(registration);
    if (role && role !== saved.role) return this.users.adminUpdate(caller, saved.uuid, { role });
    return toUserDto(saved);
  }
}
