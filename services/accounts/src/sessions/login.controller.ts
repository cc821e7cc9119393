import { Controller, Delete, Get, HttpCode, Post, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CurrentIdentity,
  LoggedIn,
  Public,
  Internal,
  CurrentUser,
  AppError,
  ZodBody,
  ZodResponse,
} from '@agora/common';
import { SESSION_CLEAR_HEADER, SESSION_SET_HEADER, type Identity, type SessionUser } from '@agora/contracts';
import {
  LoginAnswer,
  LoginBody,
  LogoutAnswer,
  ResolveSessionAnswer,
  ResolveSessionBody,
  UserAnswer,
} from '@agora/contracts/api';
import type { Response } from 'express';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { RateLimitService } from '../ratelimit/rate-limit.service.js';
import { UsersService } from '../users/users.service.js';
import { SessionsService } from './sessions.service.js';

@ApiTags('session')
@UseFilters(AccountsErrorFilter)
@Controller()
export class LoginController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly rate: RateLimitService,
  ) {}

  @ApiOperation({
    summary:
      'Log in; the gateway turns the new session into the httpOnly cookie. 429 with Retry-After after 10 ' +
      'failures of one account from one address (refused there for 15 minutes; other addresses are not ' +
      'affected) or 100 failures from one address in a day',
  })
  @Public()
  @Post('login')
  @HttpCode(200)
  @ZodResponse(LoginAnswer)
  async login(
    @ZodBody(LoginBody) body: LoginBody,
    @CurrentIdentity() identity: Identity,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginAnswer> {
    // counted before the check, forgotten on success: see RateLimitService.guard
    const user = await this.rate.guard(this.rate.loginCounters(body.username, identity.ip), () =>
      this.users.verifyCredentials(body.username, body.password),
    );
    if (identity.sid) await this.sessions.destroy(identity.sid);
    const sid = await this.sessions.create(user.uuid, identity.ip);
    await this.users.markLogin(user.uuid);
    res.setHeader(SESSION_SET_HEADER, sid);
    const { uuid, username, firstname, lastname, email, role } = user;
    return { loggedin: true, user: { uuid, username, firstname, lastname, email, role } };
  }

  @ApiOperation({ summary: 'Log out' })
  @Public()
  @Delete('login')
  @HttpCode(200)
  @ZodResponse(LogoutAnswer)
  async logout(
    @CurrentIdentity() identity: Identity,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LogoutAnswer> {
    if (identity.sid) await this.sessions.destroy(identity.sid);
    res.setHeader(SESSION_CLEAR_HEADER, '1');
    return { loggedin: false };
  }

  @ApiOperation({ summary: 'The logged-in user, with their enrolments (401 when logged out)' })
  @LoggedIn()
  @Get('profile')
  @ZodResponse(UserAnswer)
  profile(@CurrentUser() user: SessionUser): Promise<UserAnswer> {
    return this.users.profile(user);
  }

  @ApiOperation({ summary: 'Internal: the gateway resolves a session cookie' })
  @Internal('POST /internal/sessions/resolve')
  @HttpCode(200)
  @ZodResponse(ResolveSessionAnswer)
  async resolve(@ZodBody(ResolveSessionBody) body: ResolveSessionBody): Promise<ResolveSessionAnswer> {
    const user = await this.sessions.resolve(body.sid);
    if (!user) throw new AppError('ACCOUNTS.NO_SESSION', 404, 'no such session');
    return { user };
  }
}
