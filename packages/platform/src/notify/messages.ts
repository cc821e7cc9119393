/**
 * The spec's notification and dialog texts (part 1 §8, part 2 §8), mapped to message ids of the platform's
 * catalogue. `notify({ body: 'data posted' })` shows the translation of `platform.msg.dataPosted`.
 */
export const SPEC_MESSAGES = {
  'successful update': 'platform.msg.successfulUpdate',
  'action denied': 'platform.msg.actionDenied',
  'data posted': 'platform.msg.dataPosted',
  'data deleted': 'platform.msg.dataDeleted',
  'data uploaded': 'platform.msg.dataUploaded',
  'settings updated': 'platform.msg.settingsUpdated',
  'missing parameters': 'platform.msg.missingParameters',
  'wrong mimemtype': 'platform.msg.wrongMimetype',
  'could not write to filesystem': 'platform.msg.couldNotWrite',
  'wrong credentials': 'platform.msg.wrongCredentials',
  'passwords do not match': 'platform.msg.passwordsDoNotMatch',
  'form contains non valid elements': 'platform.msg.formNotValid',
  'you will soon receive your email': 'platform.msg.recoveryMailSent',
  'user not found': 'platform.msg.userNotFound',
  'unknown error': 'platform.msg.unknownError',
  'successful registration': 'platform.msg.successfulRegistration',
  'user added': 'platform.msg.userAdded',
  'username exists': 'platform.msg.usernameExists',
  'you are trying to login with a different username': 'platform.msg.differentUsername',
  'library restored': 'platform.msg.libraryRestored',
  'library restore failed': 'platform.msg.libraryRestoreFailed',
  'api secret copied to clipboard': 'platform.msg.apiSecretCopied',
  'Operation canceled by the user.': 'platform.msg.uploadCanceled',
  'drop confirm': 'platform.msg.dropConfirm',
  'unenroll confirm': 'platform.msg.unenrollConfirm',
  'do you wish to continue': 'platform.msg.doYouWishToContinue',
  'password changed': 'platform.msg.passwordChanged',
} as const;

export type SpecMessage = keyof typeof SPEC_MESSAGES;

/** The message id for a spec text or a message id; undefined for free text (shown as it is). */
export function messageIdOf(body: string, known: Record<string, unknown>): string | undefined {
  const mapped = (SPEC_MESSAGES as Record<string, string>)[body];
  if (mapped) return mapped;
  return body in known ? body : undefined;
}
