import { THREAD_MESSAGE_MIN, THREAD_SCOPES, THREAD_TITLE_MIN, type ThreadScope } from '@agora/contracts';
import { readForm, text, type FieldReader } from '../http/form.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import { ThreadErrors } from './thread.errors.js';

export const TITLE_MAX = 255;
export const MESSAGE_MAX = 32_000;

function sized(min: number, max: number, what: string): FieldReader<string> {
  return (raw, field) => {
    const value = text(raw ?? '', field);
    if (value.length < min)
      throw ValidationErrors.invalidField(
        field,
        `the ${what} must be at least ${min} characters long`,
        'min',
        {
          n: min,
        },
      );
    if (value.length > max) throw ValidationErrors.tooLong(field, max);
    return value;
  };
}

const title = sized(THREAD_TITLE_MIN, TITLE_MAX, 'title');
const message = sized(THREAD_MESSAGE_MIN, MESSAGE_MAX, 'message');

/** `{scope}/createThread/{token}`: scope project|node|attribute|variable (404 otherwise). */
export function parseThreadScope(raw: string): ThreadScope {
  if (!(THREAD_SCOPES as readonly string[]).includes(raw)) throw ThreadErrors.unknownScope();
  return raw as ThreadScope;
}

/** `{title, raw}`: a title of at least 15 characters and a first message of at least 20. */
export function parseNewThread(body: unknown): { title: string; raw: string } {
  const values = readForm<{ title: string; raw: string }>(body, { title, raw: message });
  return { title: values.title ?? title('', 'title'), raw: values.raw ?? message('', 'raw') };
}

/** `{raw}`: a reply of at least 20 characters. */
export function parseReply(body: unknown): string {
  return readForm<{ raw: string }>(body, { raw: message }).raw ?? message('', 'raw');
}

/** A thread id from the path: a positive whole number within Postgres' integer. */
export function parseThreadId(raw: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw ThreadErrors.badId();
  return Number(raw);
}
