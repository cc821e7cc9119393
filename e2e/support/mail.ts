import { freePort, startMailCatcher } from '../../scripts/lib/stack.mjs';
import { until } from './wait.js';

/** A real mail catcher (maildev): SMTP for the site, its JSON API for the tests. */
export interface MailCatcher {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

export interface CaughtMail {
  to: Array<{ address: string }>;
  subject: string;
  text?: string;
  html?: string;
}

export async function startMail(): Promise<MailCatcher> {
  return (await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort() })) as MailCatcher;
}

/** The first mail caught for `address`, once it has come. */
export async function mailTo(mail: MailCatcher, address: string, what: string): Promise<CaughtMail> {
  const found = await until(
    async () => {
      const all = (await (await fetch(`${mail.webUrl}/email`)).json()) as CaughtMail[];
      return all.find((m) => m.to.some((t) => t.address === address));
    },
    (m) => m !== undefined,
    what,
  );
  return found!;
}

/** The mail's first link to a page under `path` (e.g. `/invitation/accept/`) with a token after it. */
export function linkIn(message: CaughtMail, path: string): string | undefined {
  const escaped = path.replace(/[/.]/g, '\\$&');
  return new RegExp(`https?://[^\\s"'<>]+${escaped}[A-Za-z0-9_-]+`).exec(
    `${message.text ?? ''} ${message.html ?? ''}`,
  )?.[0];
}
