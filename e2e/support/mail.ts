import { freePort, startMailCatcher } from '../../scripts/lib/stack.mjs';
import { until } from './wait.js';

/** A mail as maildev's JSON API answers it. */
export interface CaughtMail {
  to: Array<{ address: string }>;
  subject: string;
  text?: string;
  html?: string;
}

/** A real mail catcher (maildev) on free loopback ports, read over its JSON API. */
export interface MailCatcher {
  /** what the site's `SMTP_URL` should be */
  smtpUrl: string;
  /** every mail caught so far */
  all(): Promise<CaughtMail[]>;
  /** waits for the first mail to `address` that `matches` (any mail by default) and answers it */
  mailTo(address: string, what: string, matches?: (m: CaughtMail) => boolean): Promise<CaughtMail>;
  stop(): Promise<void>;
}

export async function startMail(): Promise<MailCatcher> {
  const catcher = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort() });
  const all = async () => (await (await fetch(`${catcher.webUrl}/email`)).json()) as CaughtMail[];
  return {
    smtpUrl: catcher.smtpUrl,
    all,
    mailTo: async (address, what, matches = () => true) =>
      (await until(
        async () => (await all()).find((m) => m.to.some((t) => t.address === address) && matches(m)),
        (m) => m !== undefined,
        what,
      ))!,
    stop: catcher.stop,
  };
}

/** The first link of a mail (text or HTML part) whose path starts with `pathPrefix`, e.g. `/invitation/accept/`. */
export function linkIn(mail: CaughtMail, pathPrefix: string): string | undefined {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`https?://[^\\s"'<>]+${escaped}[A-Za-z0-9_-]+`).exec(
    `${mail.text ?? ''} ${mail.html ?? ''}`,
  )?.[0];
}
