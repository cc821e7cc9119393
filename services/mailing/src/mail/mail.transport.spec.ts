import { describeSmtpError, isPermanentSmtpError } from './mail.transport.js';

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
