/** The mail queue: its name, job names and payloads are declared here and nowhere else. */
export const MAIL_QUEUE = 'mail';

/** Sends one row of `mailing.mail`. */
export const SEND_MAIL_JOB = 'send';

export interface SendMailJob {
  mailId: string;
}

export interface MailJobs {
  [SEND_MAIL_JOB]: SendMailJob;
}

/** One job id per mail: adding the job for the same mail twice is a no-op while the job is kept. */
export function sendMailJobId(mailId: string): string {
  return `mail-${mailId}`;
}

/** The Message-ID of a mail, the same on every attempt (RFC 5322 form, with angle brackets). */
export function mailMessageId(mailId: string): string {
  return `<mail-${mailId}@agora>`;
}

/** The queue of the worker's sweep for mails left without a job: its scheduler and job names. */
export const MAIL_SWEEP_QUEUE = 'mail-sweep';
export const MAIL_SWEEP_SCHEDULER = 'mail-sweep';
export const MAIL_SWEEP_JOB = 'sweep';
