import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { AppError, LOGGER, ticketNonce } from '@agora/common';
import { INVITATION_TICKET_TTL_MS, INVITATION_TOKEN } from '@agora/contracts/api';
import * as client from 'openid-client';
import type { Logger } from 'pino';
import { DataSource, LessThan, Repository } from 'typeorm';
import { User } from '../users/user.entity.js';
import { hashPassword } from '../users/users.service.js';
import { ExternalIdentity } from './external-identity.entity.js';
import { InvitationFailure, InvitationTickets } from './invitation-acceptance.js';
import {
  OAUTH_CONFIG,
  type FacebookProviderConfig,
  type OAuthConfig,
  type OAuthProviderName,
  type OidcProviderConfig,
} from './oauth.config.js';
import { OAuthRequest } from './oauth-request.entity.js';
import {
  namesOf,
  profileFromClaims,
  usernameBase,
  usernameCandidate,
  type ExternalProfile,
} from './oauth.util.js';

/** The API route (after `/api/`) of each provider; the callback is `<route>/callback`. */
export const PROVIDER_ROUTES: Readonly<Record<OAuthProviderName, string>> = {
  open: 'oauth',
  google: 'goauth',
  facebook: 'fblogin',
};

const REQUEST_TTL_MS = 10 * 60_000;
/**
 * How long the completion of an invitation's login waits for mailing's ticket: the login ticket's time and the
 * session ticket's, one redirect each.
 */
const COMPLETION_TTL_MS = 2 * INVITATION_TICKET_TTL_MS;
const HTTP_TIMEOUT_S = 15;

/** Why an external login did not finish; `reason` becomes `/login?error=<reason>`. */
export class OAuthFailure extends Error {
  constructor(
    readonly reason: 'oauth' | 'oauth_email' | 'inactive',
    message: string,
  ) {
    super(message);
    this.name = 'OAuthFailure';
  }
}

export function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** Which providers are configured (the login page shows a button for each; see GET /settings). */
@Injectable()
export class OAuthProviders {
  constructor(@Inject(OAUTH_CONFIG) private readonly config: OAuthConfig) {}

  enabled(): { open: boolean; google: boolean; facebook: boolean; openTitle: string | null } {
    const p = this.config.providers;
    return {
      open: p.open !== undefined,
      google: p.google !== undefined,
      facebook: p.facebook !== undefined,
      openTitle: this.config.openTitle,
    };
  }
}

@Injectable()
export class OAuthService {
  /** Discovered OpenID Connect configurations, per provider (dropped on failure, so a later call retries). */
  private readonly discovered = new Map<OAuthProviderName, Promise<client.Configuration>>();

  constructor(
    @Inject(OAUTH_CONFIG) private readonly config: OAuthConfig,
    @InjectRepository(OAuthRequest, 'accounts') private readonly requests: Repository<OAuthRequest>,
    @InjectRepository(User, 'accounts') private readonly users: Repository<User>,
    @InjectDataSource('accounts') private readonly db: DataSource,
    private readonly tickets: InvitationTickets,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  redirectUri(provider: OAuthProviderName): string {
    return `${this.config.publicUrl}/api/${PROVIDER_ROUTES[provider]}/callback`;
  }

  /**
   * Starts a login: stores state, nonce and PKCE verifier (and the invitation the login is to accept, if any),
   * answers the provider's authorization URL.
   */
  async start(
    provider: OAuthProviderName,
    referrer: string | null,
    invitation: string | null = null,
  ): Promise<string> {
    const settings = this.settingsOf(provider);
    if (invitation !== null && !INVITATION_TOKEN.test(invitation)) {
      throw new OAuthFailure('oauth', 'not an invitation token');
    }
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    const challenge = await client.calculatePKCECodeChallenge(verifier);
    let url: URL;
    if (settings.kind === 'oidc') {
      const oidc = await this.oidc(provider, settings);
      url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: this.redirectUri(provider),
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
    } else {
      url = new URL(settings.dialogUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: this.redirectUri(provider),
        response_type: 'code',
        scope: 'email public_profile',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
    }
    const now = Date.now();
    await this.requests.delete({ expiresAt: LessThan(new Date(now)) });
    await this.requests.insert({
      stateHash: hashState(state),
      provider,
      verifier,
      nonce,
      referrer,
      invitation,
      expiresAt: new Date(now + REQUEST_TTL_MS),
    });
    return url.href;
  }

  /**
   * Finishes a login from the provider's redirect: the state is used up whatever happens, the code is
   * exchanged, the ID token checked; answers the (active) user and where to go next. A login started from an
   * invitation answers where the browser goes to have mailing accept it (decisions 0047, 0054), or fails with an
   * `InvitationFailure`.
   */
  async finish(
    provider: OAuthProviderName,
    query: Record<string, string>,
  ): Promise<{ user: User; referrer: string | null } | { invitation: string }> {
    const settings = this.settingsOf(provider);
    const state = query.state;
    if (!state) throw new OAuthFailure('oauth', 'callback without state');
    const request = await this.consume(state);
    // a completion (no verifier) is no login request
    if (!request || request.verifier === '') throw new OAuthFailure('oauth', 'unknown or already used state');
    try {
      if (request.provider !== provider) throw new OAuthFailure('oauth', 'state of another provider');
      if (request.expiresAt.getTime() <= Date.now()) throw new OAuthFailure('oauth', 'expired state');
      if (query.error) {
        throw new OAuthFailure('oauth', `provider answered ${query.error}: ${query.error_description ?? ''}`);
      }
      const profile =
        settings.kind === 'oidc'
          ? await this.oidcProfile(provider, settings, query, state, request)
          : await this.facebookProfile(provider, settings, query, request);
      if (request.invitation !== null) {
        return { invitation: await this.acceptInvitation(provider, profile, request.invitation) };
      }
      const user = await this.findOrCreateUser(provider, profile);
      if (!user.active) throw new OAuthFailure('inactive', `user ${user.uuid} is inactive`);
      return { user, referrer: request.referrer };
    } catch (e) {
      if (request.invitation === null || e instanceof InvitationFailure) throw e;
      // the provider's part failed: back to the invitation's page
      throw new InvitationFailure(request.invitation, 'ACCOUNTS.OAUTH_FAILED', (e as Error).message);
    }
  }

  /**
   * The invitation to accept with this provider account: refused here without an e-mail or with one the provider
   * has not verified; otherwise the browser is sent to mailing with a login ticket, and mailing checks the
   * invitation (the e-mail must be the invited one) and has the user created, linked and enrolled. The completion
   * is kept as a request of its own, keyed by the ticket's nonce, for `complete` to use once.
   */
  private async acceptInvitation(
    provider: OAuthProviderName,
    profile: ExternalProfile,
    token: string,
  ): Promise<string> {
    if (!profile.email) {
      throw new InvitationFailure(token, 'ACCOUNTS.OAUTH_NO_EMAIL', 'the provider sent no e-mail address');
    }
    if (profile.emailVerified === false) {
      throw new InvitationFailure(
        token,
        'ACCOUNTS.OAUTH_UNVERIFIED',
        'the provider has not verified the e-mail',
      );
    }
    const nonce = ticketNonce();
    await this.requests.insert({
      stateHash: hashState(nonce),
      provider,
      verifier: '',
      nonce,
      referrer: null,
      invitation: token,
      expiresAt: new Date(Date.now() + COMPLETION_TTL_MS),
    });
    return this.tickets.loginRedirect(
      { token, provider, subject: profile.subject, email: profile.email },
      nonce,
    );
  }

  /**
   * The user of an invitation that mailing accepted, from its session ticket: the completion it names is used up
   * (a ticket works once), must be this invitation's and provider's and not expired, and the user must be the one
   * linked to the provider account and active. Refusals are an `InvitationFailure` (`ACCOUNTS.OAUTH_FAILED`).
   */
  async complete(ticket: string | undefined): Promise<User> {
    const claims = this.tickets.session(ticket);
    const fail = (message: string) => new InvitationFailure(claims.token, 'ACCOUNTS.OAUTH_FAILED', message);
    const request = await this.consume(claims.nonce);
    if (!request || request.verifier !== '') throw fail('unknown or already used session ticket');
    if (request.invitation !== claims.token || request.provider !== claims.provider)
      throw fail('a session ticket of another login');
    if (request.expiresAt.getTime() <= Date.now()) throw fail('expired completion');
    const identity = await this.db
      .getRepository(ExternalIdentity)
      .findOne({ where: { provider: claims.provider, subject: claims.subject } });
    if (identity?.userUuid !== claims.user) throw fail(`user ${claims.user} is not linked to that account`);
    const user = await this.users.findOne({ where: { uuid: claims.user } });
    if (!user?.active) throw fail(`user ${claims.user} is not active`);
    this.logger.info(
      { provider: claims.provider, user: user.uuid },
      'invitation accepted with an external login',
    );
    return user;
  }

  private settingsOf(provider: OAuthProviderName): OidcProviderConfig | FacebookProviderConfig {
    const settings = this.config.providers[provider];
    if (!settings) throw new AppError('ACCOUNTS.OAUTH_DISABLED', 404, 'this login provider is not enabled');
    return settings;
  }

  private oidc(provider: OAuthProviderName, settings: OidcProviderConfig): Promise<client.Configuration> {
    let found = this.discovered.get(provider);
    if (!found) {
      found = client.discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretPost(settings.clientSecret),
        { timeout: HTTP_TIMEOUT_S, execute: settings.insecure ? [client.allowInsecureRequests] : [] },
      );
      found.catch(() => this.discovered.delete(provider));
      this.discovered.set(provider, found);
    }
    return found;
  }

  /** Deletes the request of this state and answers it: a state works once. */
  private async consume(state: string): Promise<OAuthRequest | null> {
    const result = await this.requests
      .createQueryBuilder()
      .delete()
      .where('state_hash = :hash', { hash: hashState(state) })
      .returning(['provider', 'verifier', 'nonce', 'referrer', 'invitation', 'expires_at'])
      .execute();
    const rows = result.raw as Array<{
      provider: OAuthProviderName;
      verifier: string;
      nonce: string;
      referrer: string | null;
      invitation: string | null;
      expires_at: Date;
    }>;
    const row = rows[0];
    if (!row) return null;
    return Object.assign(new OAuthRequest(), {
      provider: row.provider,
      verifier: row.verifier,
      nonce: row.nonce,
      referrer: row.referrer,
      invitation: row.invitation,
      expiresAt: new Date(row.expires_at),
    });
  }

  private async oidcProfile(
    provider: OAuthProviderName,
    settings: OidcProviderConfig,
    query: Record<string, string>,
    state: string,
    request: OAuthRequest,
  ): Promise<ExternalProfile> {
    const oidc = await this.oidc(provider, settings);
    const current = new URL(this.redirectUri(provider));
    for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
    const tokens = await client.authorizationCodeGrant(oidc, current, {
      pkceCodeVerifier: request.verifier,
      expectedState: state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new OAuthFailure('oauth', 'no ID token');
    let merged: Record<string, unknown> = { ...claims };
    // Providers may keep e-mail and names out of the ID token and hand them out at the user-info endpoint.
    if (oidc.serverMetadata().userinfo_endpoint && tokens.access_token) {
      const info = await client.fetchUserInfo(oidc, tokens.access_token, claims.sub);
      merged = { ...info, ...claims };
    }
    return profileFromClaims(merged);
  }

  /** Facebook Login is OAuth 2 (not OpenID Connect): code for a token, then the Graph API's `/me`. */
  private async facebookProfile(
    provider: OAuthProviderName,
    settings: FacebookProviderConfig,
    query: Record<string, string>,
    request: OAuthRequest,
  ): Promise<ExternalProfile> {
    if (!query.code) throw new OAuthFailure('oauth', 'callback without code');
    const tokenUrl = new URL(settings.tokenUrl);
    tokenUrl.search = new URLSearchParams({
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      redirect_uri: this.redirectUri(provider),
      code: query.code,
      code_verifier: request.verifier,
    }).toString();
    const token = await getJson(tokenUrl);
    const accessToken = token.access_token;
    if (typeof accessToken !== 'string' || accessToken === '') {
      throw new OAuthFailure('oauth', 'facebook token answer without access_token');
    }
    const meUrl = new URL(settings.meUrl);
    meUrl.search = new URLSearchParams({
      fields: 'id,name,email,first_name,last_name',
      access_token: accessToken,
      appsecret_proof: createHmac('sha256', settings.clientSecret).update(accessToken).digest('hex'),
    }).toString();
    const me = await getJson(meUrl);
    return profileFromClaims({
      sub: typeof me.id === 'string' || typeof me.id === 'number' ? String(me.id) : undefined,
      email: me.email,
      name: me.name,
      given_name: me.first_name,
      family_name: me.last_name,
    });
  }

  /** The user linked to this provider account, or a new `authorized` user linked to it. */
  private async findOrCreateUser(provider: OAuthProviderName, profile: ExternalProfile): Promise<User> {
    const linked = await this.linkedUser(provider, profile);
    if (linked) return linked;
    if (!profile.email) throw new OAuthFailure('oauth_email', 'the provider sent no e-mail address');
    const email = profile.email;
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const base = usernameBase(profile);
    for (let attempt = 1; attempt <= 50; attempt++) {
      const username =
        attempt <= 40
          ? usernameCandidate(base, attempt)
          : `${base.slice(0, 16)}${randomBytes(4).toString('hex')}`;
      try {
        return await this.db.transaction(async (tx) => {
          const existing = await tx
            .getRepository(User)
            .createQueryBuilder('u')
            .where('lower(u.username) = lower(:username)', { username })
            .orWhere('lower(u.email) = lower(:email)', { email })
            .getMany();
          if (existing.some((u) => u.email.toLowerCase() === email.toLowerCase())) {
            // Not linked automatically: whoever controls that provider account may not own the e-mail here.
            throw new OAuthFailure(
              'oauth_email',
              `the e-mail of ${provider} account ${profile.subject} is taken`,
            );
          }
          if (existing.length > 0) throw new UsernameTaken();
          const { firstname, lastname } = namesOf(profile, username);
          const inserted = await tx.getRepository(User).insert({
            username,
            firstname,
            lastname,
            email,
            role: 'authorized',
            passwordHash,
            active: true,
          });
          const uuid = (inserted.identifiers[0] as { uuid: string }).uuid;
          await tx.getRepository(ExternalIdentity).insert({
            userUuid: uuid,
            provider,
            subject: profile.subject,
            email,
            lastLogin: new Date(),
          });
          this.logger.info({ provider, user: uuid }, 'new user from an external login');
          return tx.getRepository(User).findOneOrFail({ where: { uuid } });
        });
      } catch (e) {
        if (e instanceof UsernameTaken) continue;
        if (isUniqueViolation(e)) {
          // a concurrent first login of the same account, or a username/e-mail taken meanwhile
          const again = await this.linkedUser(provider, profile);
          if (again) return again;
          continue;
        }
        throw e;
      }
    }
    throw new OAuthFailure('oauth', 'could not find a free username');
  }

  private async linkedUser(provider: OAuthProviderName, profile: ExternalProfile): Promise<User | null> {
    const identities = this.db.getRepository(ExternalIdentity);
    const identity = await identities.findOne({ where: { provider, subject: profile.subject } });
    if (!identity) return null;
    await identities.update({ id: identity.id }, { email: profile.email, lastLogin: new Date() });
    return this.users.findOne({ where: { uuid: identity.userUuid } });
  }
}

class UsernameTaken extends Error {}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: unknown; driverError?: { code?: unknown } };
  return err?.code === '23505' || err?.driverError?.code === '23505';
}

async function getJson(url: URL): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_S * 1000),
  });
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok || typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthFailure('oauth', `${url.origin}${url.pathname} answered ${res.status}`);
  }
  return body as Record<string, unknown>;
}
