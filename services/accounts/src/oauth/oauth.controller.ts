import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, CurrentIdentity, LOGGER, Public, ZodQuery } from '@agora/common';
import { SESSION_SET_HEADER, type Identity } from '@agora/contracts';
import { InvitationTicketQuery, OAuthCallbackQuery, OAuthStartQuery } from '@agora/contracts/api';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { User } from '../users/user.entity.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersService } from '../users/users.service.js';
import { OAUTH_CONFIG, type OAuthConfig, type OAuthProviderName } from './oauth.config.js';
import { InvitationFailure, TicketRefused } from './invitation-acceptance.js';
import { OAuthFailure, OAuthService } from './oauth.service.js';
import { safeReferrer } from './oauth.util.js';

/**
 * A query parameter's type, spelled so that its design type is `Object`: named by the schema's own type, the
 * parameter's design type would be the schema object, which the OpenAPI scanner reads as a model class.
 */
type QueryOf<S extends z.ZodType> = z.infer<S>;

/** Where the start and callback routes redirect (302): they never answer a page of their own. */
const TO_PROVIDER = 'to the provider (or to /login?error=oauth when it cannot be reached)';
const BACK_TO_SITE =
  'to the referrer or /, or to /login?error=oauth|oauth_email|inactive; a login that accepts an invitation to ' +
  "mailing's /api/invitation/hash/{token}/external?ticket={ticket} or to /invitation/accept/{token}?error={code}";

/**
 * External login (spec: the login page's Google, Facebook and open-auth links). Each start route redirects
 * to the provider; its `/callback` finishes the login, creates a session exactly like `POST /login`
 * (header `x-agora-session`, turned into the cookie by the gateway) and redirects to the referrer or `/`.
 * A failure (provider unreachable, bad state, refused code or token, ...) never answers an error page: it
 * redirects to `/login?error=oauth|oauth_email|inactive`. Only a provider that is not configured answers 404.
 * Started with `invitation={token}` (the accept page of an invitation sent with OAuth), the login accepts that
 * invitation: the callback sends the browser to mailing with a signed ticket, mailing accepts the invitation and
 * sends it back to `oauth/invitation/complete` with its own, which makes the session; a refusal returns to the
 * invitation's page: `/invitation/accept/{token}?error={code}` (decisions 0047, 0054).
 */
@ApiTags('session')
@Controller()
export class OAuthController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    @Inject(OAUTH_CONFIG) private readonly config: OAuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ApiOperation({
    summary: 'Log in with the configured OpenID Connect provider (302 to it; 404 when not enabled)',
  })
  @ApiFoundResponse({ description: TO_PROVIDER })
  @Public()
  @Get('oauth')
  openStart(
    @ZodQuery(OAuthStartQuery) q: QueryOf<typeof OAuthStartQuery>,
    @Res() res: Response,
  ): Promise<void> {
    return this.start('open', q, res);
  }

  @ApiOperation({ summary: 'Log in with Google (302 to Google; 404 when not enabled)' })
  @ApiFoundResponse({ description: TO_PROVIDER })
  @Public()
  @Get('goauth')
  googleStart(
    @ZodQuery(OAuthStartQuery) q: QueryOf<typeof OAuthStartQuery>,
    @Res() res: Response,
  ): Promise<void> {
    return this.start('google', q, res);
  }

  @ApiOperation({ summary: 'Log in with Facebook (302 to Facebook; 404 when not enabled)' })
  @ApiFoundResponse({ description: TO_PROVIDER })
  @Public()
  @Get('fblogin')
  facebookStart(
    @ZodQuery(OAuthStartQuery) q: QueryOf<typeof OAuthStartQuery>,
    @Res() res: Response,
  ): Promise<void> {
    return this.start('facebook', q, res);
  }

  @ApiOperation({ summary: 'The OpenID Connect provider returns here' })
  @ApiFoundResponse({ description: BACK_TO_SITE })
  @Public()
  @Get('oauth/callback')
  openCallback(
    @ZodQuery(OAuthCallbackQuery) query: QueryOf<typeof OAuthCallbackQuery>,
    @CurrentIdentity() identity: Identity,
    @Res() res: Response,
  ): Promise<void> {
    return this.callback('open', query, identity, res);
  }

  @ApiOperation({ summary: 'Google returns here' })
  @ApiFoundResponse({ description: BACK_TO_SITE })
  @Public()
  @Get('goauth/callback')
  googleCallback(
    @ZodQuery(OAuthCallbackQuery) query: QueryOf<typeof OAuthCallbackQuery>,
    @CurrentIdentity() identity: Identity,
    @Res() res: Response,
  ): Promise<void> {
    return this.callback('google', query, identity, res);
  }

  @ApiOperation({ summary: 'Facebook returns here' })
  @ApiFoundResponse({ description: BACK_TO_SITE })
  @Public()
  @Get('fblogin/callback')
  facebookCallback(
    @ZodQuery(OAuthCallbackQuery) query: QueryOf<typeof OAuthCallbackQuery>,
    @CurrentIdentity() identity: Identity,
    @Res() res: Response,
  ): Promise<void> {
    return this.callback('facebook', query, identity, res);
  }

  @ApiOperation({
    summary:
      'Mailing returns here after accepting an invitation with an external login: the session of its user, from ' +
      "mailing's signed ticket (two minutes, used once)",
  })
  @ApiFoundResponse({
    description: 'to /, or to /invitation/accept/{token}?error=ACCOUNTS.OAUTH_FAILED (or /login?error=oauth)',
  })
  @Public()
  @Get('oauth/invitation/complete')
  async completeInvitation(
    @ZodQuery(InvitationTicketQuery) query: QueryOf<typeof InvitationTicketQuery>,
    @CurrentIdentity() identity: Identity,
    @Res() res: Response,
  ): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    let target = '/';
    try {
      const user = await this.oauth.complete(query.ticket);
      await this.logIn(user, identity, res);
    } catch (e) {
      if (e instanceof InvitationFailure) target = this.refused('invitation', e);
      else {
        // a ticket that names no invitation (TicketRefused), or the session could not be made
        this.logger.warn(
          { err: messageOf(e), refused: e instanceof TicketRefused },
          'invitation login not completed',
        );
        target = '/login?error=oauth';
      }
    }
    res.redirect(302, target);
  }

  private async start(provider: OAuthProviderName, q: OAuthStartQuery, res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    let url: string;
    try {
      url = await this.oauth.start(
        provider,
        safeReferrer(q.referrer, this.config.publicUrl),
        q.invitation ?? null,
      );
    } catch (e) {
      if (e instanceof AppError) throw e;
      // a browser navigation: back to the login page with a message rather than an error document
      this.logger.warn({ provider, err: messageOf(e) }, 'external login could not start');
      url = '/login?error=oauth';
    }
    res.redirect(302, url);
  }

  private async callback(
    provider: OAuthProviderName,
    sent: OAuthCallbackQuery,
    identity: Identity,
    res: Response,
  ): Promise<void> {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(sent)) if (v !== undefined) query[k] = v;
    res.setHeader('Cache-Control', 'no-store');
    let target: string;
    try {
      const done = await this.oauth.finish(provider, query);
      if ('invitation' in done) {
        // to mailing, which accepts the invitation and sends the browser back to `oauth/invitation/complete`
        target = done.invitation;
      } else {
        await this.logIn(done.user, identity, res);
        target = done.referrer ?? '/';
        this.logger.info({ provider, user: done.user.uuid }, 'external login');
      }
    } catch (e) {
      if (e instanceof AppError && e.status === 404) throw e;
      if (e instanceof InvitationFailure) {
        target = this.refused(provider, e);
      } else {
        const reason = e instanceof OAuthFailure ? e.reason : 'oauth';
        this.logger.warn({ provider, reason, err: messageOf(e) }, 'external login failed');
        target = `/login?error=${reason}`;
      }
    }
    res.redirect(302, target);
  }

  /** A session for `user`, as for every login: the visitor's earlier session ends (header `x-agora-session`). */
  private async logIn(user: User, identity: Identity, res: Response): Promise<void> {
    if (identity.sid) await this.sessions.destroy(identity.sid);
    const sid = await this.sessions.create(user.uuid, identity.ip);
    await this.users.markLogin(user.uuid);
    res.setHeader(SESSION_SET_HEADER, sid);
  }

  /** The accept page of the invitation, showing the refusal's code. */
  private refused(step: string, e: InvitationFailure): string {
    this.logger.warn({ step, code: e.code, err: e.message }, 'invitation not accepted by external login');
    return `/invitation/accept/${encodeURIComponent(e.token)}?error=${e.code}`;
  }
}

function messageOf(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${e.message}` : e.message;
}
