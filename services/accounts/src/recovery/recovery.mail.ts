import type { MailRequest } from '@agora/common';
import type { UserLocale } from '../users/user-locale.js';

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

interface RecoveryWording {
  subject: string;
  greeting: (name: string) => string;
  request: string;
  validity: (minutes: number) => string;
}

/** The recovery mail's wording per locale (docs/decisions/0010-user-locale.md). */
export const RECOVERY_WORDING: Record<UserLocale, RecoveryWording> = {
  el: {
    subject: 'Ανάκτηση κωδικού',
    greeting: (name) => `Γεια σας ${name},`,
    request: 'Λάβαμε αίτημα ανάκτησης του κωδικού σας. Ορίστε νέο κωδικό με αυτόν τον σύνδεσμο:',
    validity: (minutes) =>
      `Ο σύνδεσμος ισχύει για ${minutes} λεπτά και μία μόνο φορά. Αν δεν το ζητήσατε, αγνοήστε αυτό το μήνυμα.`,
  },
  en: {
    subject: 'Password recovery',
    greeting: (name) => `Hello ${name},`,
    request: 'We received a request to recover your password. Set a new password with this link:',
    validity: (minutes) =>
      `The link is valid for ${minutes} minutes and once only. If you did not ask for it, ignore this message.`,
  },
};

/** The recovery mail in the recipient's language. */
export function recoveryMail(input: {
  to: string;
  name: string;
  link: string;
  minutes: number;
  tokenId: string;
  locale: UserLocale;
}): MailRequest {
  const { name, link, minutes } = input;
  const w = RECOVERY_WORDING[input.locale] ?? RECOVERY_WORDING.el;
  const text = [w.greeting(name), '', w.request, link, w.validity(minutes)].join('\n');
  const a = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  const html =
    `<p>${escapeHtml(w.greeting(name))}</p>` +
    `<p>${escapeHtml(w.request)}</p><p>${a}</p>` +
    `<p>${escapeHtml(w.validity(minutes))}</p>`;
  return {
    to: input.to,
    subject: w.subject,
    text,
    html,
    idempotencyKey: `password-recovery-${input.tokenId}`,
  };
}
