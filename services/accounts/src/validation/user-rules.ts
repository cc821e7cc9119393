import { ADDRESS_TEXT_PATTERN_SOURCE, type ScopeRules } from '@agora/contracts';

/** Letters and digits of any script, dot, underscore, hyphen. */
const USERNAME = '[\\p{L}\\p{N}._-]+';
const EMAIL = '[^\\s@]+@[^\\s@]+\\.[^\\s@]+';
/** An optional +, then digits with spaces, hyphens or parentheses; 6-20 characters. */
const PHONE = '\\+?[0-9][0-9 ()-]{5,19}';
/** At least one letter and one digit (see docs/decisions/0008-account-rules.md). */
const PASSWORD = '(?=[\\s\\S]*\\p{L})(?=[\\s\\S]*\\p{N})[\\s\\S]+';
/**
 * The spec's address answer, street+number+town+zip, with the very part patterns the browser's form checks
 * (`ADDRESS_PATTERN_SOURCES` in @agora/contracts).
 */
const ADDRESS = ADDRESS_TEXT_PATTERN_SOURCE;

/**
 * The rules of the `users` scope: served by `GET /validation/scope/users` and checked by every write of
 * accounts with the same engine (`checkForm` from @agora/contracts).
 */
export const USER_RULES: ScopeRules = {
  username: {
    required: true,
    min_size: 3,
    max_size: 30,
    validation: USERNAME,
    unique: true,
    message: 'username may contain letters, digits, dots, underscores and hyphens',
  },
  firstname: { required: true, max_size: 100 },
  lastname: { required: true, max_size: 100 },
  email: {
    required: true,
    max_size: 254,
    validation: EMAIL,
    unique: true,
    message: 'invalid email address',
  },
  phone: { required: false, max_size: 20, validation: PHONE, message: 'invalid phone number' },
  password: {
    required: true,
    min_size: 8,
    max_size: 128,
    validation: PASSWORD,
    message: 'password must contain a letter and a digit',
  },
  address: {
    required: false,
    max_size: 300,
    validation: ADDRESS,
    message: 'address must be street+number+town+zip',
  },
};

/** Fields of the `users` scope that `checkIfExists` answers for (case-insensitive). */
export const USER_UNIQUE_FIELDS = ['username', 'email'] as const;
export type UserUniqueField = (typeof USER_UNIQUE_FIELDS)[number];
