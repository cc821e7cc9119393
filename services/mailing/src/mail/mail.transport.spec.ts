import { loadMailConfig } from '../config.js';
import { mailWorkerOptions } from './mail.processor.js';
import { describeSmtpError, isPermanentSmtpError, smtpTransportOptions } from './mail.transport.js';

const err = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

describe('isPermanentSmtpError', () => {
  it('follows nodemailer’s permanent flag when it is there', () => {
    expect(isPermanentSmtpError(err('x', { responseCode: 550, permanent: true }))).toBe(true);
    expect(isPermanentSmtpError(err('x', { responseCode: 550, permanent: false }))).toBe(false);
  });

  it('reads the reply code otherwise: 5xx but 503 are permanent, 4xx and socket errors are not', () => {
    expect(isPermanentSmtpError(err('x', { responseCode: 554 }))).toBe(true);
    expect(isPermanentSmtpError(err('x', { responseCode: 503 }))).toBe(false);
    expect(isPermanentSmtpError(err('x', { responseCode: 421 }))).toBe(false);
    expect(isPermanentSmtpError(err('connect ECONNREFUSED', { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanentSmtpError(err('timeout', { code: 'ETIMEDOUT' }))).toBe(false);
    expect(isPermanentSmtpError('weird')).toBe(false);
    expect(isPermanentSmtpError(null)).toBe(false);
  });
});

describe('describeSmtpError', () => {
  it('keeps the code, the message and the server reply on one line', () => {
    expect(
      describeSmtpError(err('Message failed', { code: 'EMESSAGE', response: '550 5.7.1\r\nrejected' })),
    ).toBe('EMESSAGE: Message failed: 550 5.7.1 rejected');
    expect(
      describeSmtpError(err('Message failed: 451 later', { code: 'EMESSAGE', response: '451 later' })),
    ).toBe('EMESSAGE: Message failed: 451 later');
    expect(describeSmtpError(err('x'.repeat(5000))).length).toBe(1000);
  });
});

describe('smtpTransportOptions', () => {
  it('pools the connections by default, each replaced after MAIL_POOL_MESSAGES mails, with no rate of its own', () => {
    const options = smtpTransportOptions(loadMailConfig({ SMTP_URL: 'smtps://u:p%40ss@mail.example.org' }));
    expect(options).toMatchObject({
      host: 'mail.example.org',
      port: 465,
      secure: true,
      auth: { user: 'u', pass: 'p@ss' },
      pool: true,
      maxConnections: 4,
      maxMessages: 100,
    });
    expect(options).not.toHaveProperty('rateLimit');
    expect(
      smtpTransportOptions(loadMailConfig({ MAIL_POOL_CONNECTIONS: '10', MAIL_POOL_MESSAGES: '1000' })),
    ).toMatchObject({ host: '127.0.0.1', port: 1025, pool: true, maxConnections: 10, maxMessages: 1000 });
  });

  it('opens one connection per mail with MAIL_POOL_CONNECTIONS=0', () => {
    const options = smtpTransportOptions(loadMailConfig({ MAIL_POOL_CONNECTIONS: '0' }));
    expect(options).not.toHaveProperty('pool');
    expect(options).not.toHaveProperty('maxConnections');
  });
});

describe('mailWorkerOptions', () => {
  it('takes the concurrency and the job lock from the configuration, with no limiter by default', () => {
    const options = mailWorkerOptions(loadMailConfig({ MAIL_CONCURRENCY: '12', MAIL_LOCK_MS: '5000' }));
    expect(options).toEqual({ concurrency: 12, lockDuration: 5000, stalledInterval: 5000 });
  });

  it('limits the queue to MAIL_RATE_PER_SECOND jobs a second', () => {
    expect(mailWorkerOptions(loadMailConfig({ MAIL_RATE_PER_SECOND: '14' })).limiter).toEqual({
      max: 14,
      duration: 1000,
    });
  });
});
