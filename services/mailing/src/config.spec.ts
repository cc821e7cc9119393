import { ConfigError } from '@agora/common';
import { loadInvitationConfig, loadMailConfig, redactSmtpUrl } from './config.js';

describe('loadMailConfig', () => {
  it('has defaults for every setting', () => {
    expect(loadMailConfig({})).toEqual({
      smtpUrl: 'smtp://127.0.0.1:1025',
      from: 'Agora <no-reply@localhost>',
      worker: 'inline',
      maxAttempts: 5,
      backoffMs: 2000,
      concurrency: 8,
      poolConnections: 4,
      poolMessages: 100,
      ratePerSecond: 0,
      lockMs: 30_000,
    });
  });

  it('reads the environment and treats empty values as unset', () => {
    expect(
      loadMailConfig({
        SMTP_URL: 'smtps://user:p%40ss@mail.example.org:465',
        MAIL_FROM: 'Δήμος <noreply@example.org>',
        MAIL_WORKER: 'off',
        MAIL_MAX_ATTEMPTS: '3',
        MAIL_BACKOFF_MS: '',
        MAIL_CONCURRENCY: '20',
        MAIL_POOL_CONNECTIONS: '0',
        MAIL_POOL_MESSAGES: '500',
        MAIL_RATE_PER_SECOND: '14',
        MAIL_LOCK_MS: '',
      }),
    ).toEqual({
      smtpUrl: 'smtps://user:p%40ss@mail.example.org:465',
      from: 'Δήμος <noreply@example.org>',
      worker: 'off',
      maxAttempts: 3,
      backoffMs: 2000,
      concurrency: 20,
      poolConnections: 0,
      poolMessages: 500,
      ratePerSecond: 14,
      lockMs: 30_000,
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.org'],
    ['SMTP_URL', 'not a url'],
    ['MAIL_FROM', 'nobody'],
    ['MAIL_WORKER', 'separate'],
    ['MAIL_MAX_ATTEMPTS', '0'],
    ['MAIL_BACKOFF_MS', 'soon'],
    ['MAIL_CONCURRENCY', '0'],
    ['MAIL_CONCURRENCY', '2.5'],
    ['MAIL_POOL_CONNECTIONS', '-1'],
    ['MAIL_POOL_MESSAGES', '0'],
    ['MAIL_RATE_PER_SECOND', 'fast'],
    ['MAIL_LOCK_MS', '10'],
  ])('refuses %s=%s with a readable error', (name, value) => {
    expect(() => loadMailConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadMailConfig({ [name]: value })).toThrow(name);
  });
});

describe('redactSmtpUrl', () => {
  it('hides the password', () => {
    expect(redactSmtpUrl('smtps://user:secret@mail.example.org:465')).toBe(
      'smtps://user:***@mail.example.org:465',
    );
    expect(redactSmtpUrl('smtp://127.0.0.1:1025')).toBe('smtp://127.0.0.1:1025');
  });
});

describe('loadInvitationConfig', () => {
  it('has defaults: invitations last 30 days', () => {
    expect(loadInvitationConfig({})).toEqual({
      ttlDays: 30,
      publicUrl: 'http://localhost:8080',
      accountsUrl: 'http://127.0.0.1:3101',
      consultationUrl: 'http://127.0.0.1:3103',
    });
  });

  it('reads the environment, without trailing slashes, empty values as unset', () => {
    expect(
      loadInvitationConfig({
        INVITATION_TTL_DAYS: '7',
        PUBLIC_URL: 'https://agora.example.gov/',
        ACCOUNTS_URL: 'http://accounts:3101/',
        CONSULTATION_URL: '',
      }),
    ).toEqual({
      ttlDays: 7,
      publicUrl: 'https://agora.example.gov',
      accountsUrl: 'http://accounts:3101',
      consultationUrl: 'http://127.0.0.1:3103',
    });
  });

  it.each([
    ['INVITATION_TTL_DAYS', '0'],
    ['INVITATION_TTL_DAYS', 'a month'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['ACCOUNTS_URL', 'accounts'],
  ])('refuses %s=%s with a readable error', (name, value) => {
    expect(() => loadInvitationConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadInvitationConfig({ [name]: value })).toThrow(name);
  });
});

describe('loadInvitationConfig: PUBLIC_URL in production', () => {
  it.each([
    undefined,
    '',
    'http://localhost:8080',
    'http://agora.localhost',
    'http://127.0.0.1:8080',
    'http://[::1]',
  ])('refuses PUBLIC_URL=%j when NODE_ENV=production, naming the variable', (value) => {
    const load = () => loadInvitationConfig({ NODE_ENV: 'production', PUBLIC_URL: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/invalid configuration for mailing:\n {2}- PUBLIC_URL: /);
  });

  it('takes a public address in production, and the default elsewhere', () => {
    expect(
      loadInvitationConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://agora.example.gov' }).publicUrl,
    ).toBe('https://agora.example.gov');
    expect(loadInvitationConfig({ NODE_ENV: 'test' }).publicUrl).toBe('http://localhost:8080');
  });
});
