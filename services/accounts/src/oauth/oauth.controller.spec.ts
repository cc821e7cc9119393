import { jest } from '@jest/globals';
import { AppError } from '@agora/common';
import { SESSION_SET_HEADER, type Identity } from '@agora/contracts';
import { OAuthCallbackQuery } from '@agora/contracts/api';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { UsersService } from '../users/users.service.js';
import type { OAuthConfig } from './oauth.config.js';
import { InvitationFailure, TicketRefused } from './invitation-acceptance.js';
import { OAuthController } from './oauth.controller.js';
import { OAuthFailure, type OAuthService } from './oauth.service.js';

/** The controller's error paths, with the login machinery replaced (the happy path is in oauth.int.ts). */
function setup(service: Partial<OAuthService>) {
  const sessions = { create: jest.fn(async () => 'sid'), destroy: jest.fn(async () => undefined) };
  const users = { markLogin: jest.fn(async () => undefined) };
  const logger = { warn: jest.fn(), info: jest.fn() };
  const config: OAuthConfig = { publicUrl: 'https://agora.example.gr', openTitle: null, providers: {} };
  const controller = new OAuthController(
    service as OAuthService,
    sessions as unknown as SessionsService,
    users as unknown as UsersService,
    config,
    logger as unknown as Logger,
  );
  const headers: Record<string, string> = {};
  const redirects: string[] = [];
  const res = {
    setHeader: (k: string, v: string) => void (headers[k.toLowerCase()] = v),
    redirect: (_status: number, url: string) => void redirects.push(url),
  } as unknown as Response;
  return { controller, sessions, logger, headers, redirects, res };
}

const visitor: Identity = { user: null, sid: null, ip: '127.0.0.1' } as Identity;

describe('OAuthController', () => {
  it('sends the browser back to the login page when the provider cannot be reached', async () => {
    const t = setup({ start: jest.fn(async () => Promise.reject(new TypeError('fetch failed'))) });
    await t.controller.openStart({ referrer: '/x' }, t.res);
    expect(t.redirects).toEqual(['/login?error=oauth']);
    expect(t.logger.warn).toHaveBeenCalled();
  });

  it('answers 404 for a provider that is not configured (start and callback)', async () => {
    const disabled = new AppError('ACCOUNTS.OAUTH_DISABLED', 404, 'this login provider is not enabled');
    const t = setup({
      start: jest.fn(async () => Promise.reject(disabled)),
      finish: jest.fn(async () => Promise.reject(disabled)),
    });
    await expect(t.controller.googleStart({}, t.res)).rejects.toBe(disabled);
    await expect(t.controller.googleCallback({}, visitor, t.res)).rejects.toBe(disabled);
  });

  it('turns any callback failure into a redirect with its reason and no session', async () => {
    for (const [error, target] of [
      [new OAuthFailure('inactive', 'inactive'), '/login?error=inactive'],
      [new OAuthFailure('oauth_email', 'taken'), '/login?error=oauth_email'],
      [new Error('unexpected'), '/login?error=oauth'],
    ] as const) {
      const t = setup({ finish: jest.fn(async () => Promise.reject(error)) });
      await t.controller.facebookCallback(
        OAuthCallbackQuery.parse({ state: 's', code: ['a', 'b'] }),
        visitor,
        t.res,
      );
      expect(t.redirects).toEqual([target]);
      expect(t.headers[SESSION_SET_HEADER]).toBeUndefined();
      expect(t.sessions.create).not.toHaveBeenCalled();
    }
  });

  it('returns a refused invitation to its accept page with the code, and no session', async () => {
    const t = setup({
      finish: jest.fn(async () =>
        Promise.reject(new InvitationFailure('tok_en-1', 'MAILING.INVITATION_EMAIL', 'wrong e-mail')),
      ),
    });
    await t.controller.openCallback(OAuthCallbackQuery.parse({ state: 's', code: 'c' }), visitor, t.res);
    expect(t.redirects).toEqual(['/invitation/accept/tok_en-1?error=MAILING.INVITATION_EMAIL']);
    expect(t.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(t.sessions.create).not.toHaveBeenCalled();
  });

  it('starts a login for an invitation with its token', async () => {
    const start = jest.fn(async () => 'https://idp.example/auth');
    const t = setup({ start });
    await t.controller.openStart({ invitation: 'abc', referrer: '/x' }, t.res);
    expect(start).toHaveBeenCalledWith('open', '/x', 'abc');
    expect(t.redirects).toEqual(['https://idp.example/auth']);
  });

  it('passes only single string query values on, and replaces the caller’s old session', async () => {
    const finish = jest.fn(async () => ({ user: { uuid: 'u1' } as never, referrer: null }));
    const t = setup({ finish });
    // the query as its schema reads it (ZodQuery): a list is read as nothing
    await t.controller.openCallback(
      OAuthCallbackQuery.parse({ state: 's', code: 'c', extra: ['1', '2'] }),
      { ...visitor, sid: 'old' },
      t.res,
    );
    expect(finish).toHaveBeenCalledWith('open', { state: 's', code: 'c' });
    expect(t.sessions.destroy).toHaveBeenCalledWith('old');
    expect(t.headers[SESSION_SET_HEADER]).toBe('sid');
    expect(t.redirects).toEqual(['/']);
  });

  it("sends an invitation's login on to mailing without a session", async () => {
    const t = setup({
      finish: jest.fn(async () => ({ invitation: '/api/invitation/hash/tok/external?ticket=t.s' })),
    });
    await t.controller.openCallback(OAuthCallbackQuery.parse({ state: 's', code: 'c' }), visitor, t.res);
    expect(t.redirects).toEqual(['/api/invitation/hash/tok/external?ticket=t.s']);
    expect(t.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(t.sessions.create).not.toHaveBeenCalled();
  });

  it("completes an invitation's login with a session, or sends a refusal to its page or the login page", async () => {
    const ok = setup({ complete: jest.fn(async () => ({ uuid: 'u1' }) as never) });
    await ok.controller.completeInvitation({ ticket: 't.s' }, { ...visitor, sid: 'old' }, ok.res);
    expect(ok.sessions.destroy).toHaveBeenCalledWith('old');
    expect(ok.headers[SESSION_SET_HEADER]).toBe('sid');
    expect(ok.redirects).toEqual(['/']);

    for (const [error, target] of [
      [
        new InvitationFailure('tok', 'ACCOUNTS.OAUTH_FAILED', 'used'),
        '/invitation/accept/tok?error=ACCOUNTS.OAUTH_FAILED',
      ],
      [new TicketRefused('no invitation'), '/login?error=oauth'],
      [new Error('database down'), '/login?error=oauth'],
    ] as const) {
      const t = setup({ complete: jest.fn(async () => Promise.reject(error)) });
      await t.controller.completeInvitation({ ticket: 't.s' }, visitor, t.res);
      expect(t.redirects).toEqual([target]);
      expect(t.headers[SESSION_SET_HEADER]).toBeUndefined();
    }
  });
});
