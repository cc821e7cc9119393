import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { screen } from '@testing-library/react';
import { renderWeb } from '../../../scripts/jest/web';
import { ApiError } from './api';
import { AREA_FILTER_PROBLEMS, FIELD_RULES } from '@agora/contracts';
import {
  ERROR_MESSAGE_PREFIX,
  errorMessageId,
  errorMessageOf,
  fieldErrorOf,
  GENERIC_ERROR_MESSAGE,
  useErrorMessage,
} from './errorMessage';
import el from './messages/el.json';
import en from './messages/en.json';
import { ErrorFromCall } from './ui/ErrorFromCall';

const ROOT = resolve(__dirname, '../../..');

/** The server's source files (tests and test helpers aside). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'dist' || name === 'testing' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.(spec|int|e2e|d)\.ts$/.test(name) ? [path] : [];
  });
}

/**
 * Every error code a server can answer with: the namespaced literals (`'ACCOUNTS.USERNAME_EXISTS'`) and the bare
 * codes of the global filter (`code: 'NOT_FOUND'`).
 */
function serverCodes(): string[] {
  const files = [...sources(join(ROOT, 'services')), ...sources(join(ROOT, 'gateway/src'))];
  const codes = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'([A-Z][A-Z_]*(?:\.[A-Z][A-Z_]*)+)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/\bcode:\s*'([A-Z][A-Z_]+)'/g)) codes.add(m[1]!);
  }
  return [...codes].sort();
}

describe('server error codes', () => {
  const codes = serverCodes();

  it('finds the codes the services throw', () => {
    expect(codes).toEqual(
      expect.arrayContaining(['ACCOUNTS.USERNAME_EXISTS', 'LIBRARY.NOT_AN_IMAGE', 'INTERNAL']),
    );
  });

  it.each([
    ['el', el as Record<string, string>],
    ['en', en as Record<string, string>],
  ])('every code a service throws has a message in %s', (_locale, catalogue) => {
    expect(codes.filter((code) => !catalogue[`${ERROR_MESSAGE_PREFIX}${code}`])).toEqual([]);
  });
});

function Shown({ error }: { error: unknown }) {
  return <p data-testid="shown">{useErrorMessage()(error)}</p>;
}

describe('field refusals', () => {
  it('every rule a refused field can name has a message in el and en', () => {
    const missing = FIELD_RULES.filter(
      (rule) =>
        rule !== 'pattern' &&
        !(
          Object.hasOwn(el, `platform.validation.${rule}`) && Object.hasOwn(en, `platform.validation.${rule}`)
        ),
    );
    expect(missing).toEqual([]);
  });

  it('every problem of a refused drawn area has a message in el and en, with the values it names', () => {
    const id = (problem: string) => `${ERROR_MESSAGE_PREFIX}CONSULTATION.FILTER_INVALID.${problem}`;
    const missing = AREA_FILTER_PROBLEMS.filter(
      (problem) => !(Object.hasOwn(el, id(problem)) && Object.hasOwn(en, id(problem))),
    );
    expect(missing).toEqual([]);
    const refused = new ApiError(400, 'invalid area filter', 'CONSULTATION.FILTER_INVALID', undefined, {
      field: 'filter',
      values: { problem: 'not_a_number', polygon: 2, vertex: 5, coordinate: 'lon' },
    });
    expect(errorMessageOf(refused)).toEqual({
      id: id('not_a_number'),
      values: { problem: 'not_a_number', polygon: 2, vertex: 5, coordinate: 'lon' },
    });
    // a problem without a message of its own: the code's
    const other = new ApiError(400, 'x', 'CONSULTATION.FILTER_INVALID', undefined, {
      field: 'filter',
      values: { problem: 'something_else' },
    });
    expect(errorMessageOf(other)).toEqual({ id: `${ERROR_MESSAGE_PREFIX}CONSULTATION.FILTER_INVALID` });
  });

  it('names the message of the rule, the pattern or the code, never the server text', () => {
    const refused = (
      failure: ConstructorParameters<typeof ApiError>[4],
      code = 'CONSULTATION.INVALID_FIELD',
    ) => fieldErrorOf(new ApiError(400, 'x: server text', code, undefined, failure));
    expect(refused({ field: 'title', rule: 'max', values: { n: 200 } })).toEqual({
      field: 'title',
      id: 'platform.validation.max',
      values: { n: 200 },
    });
    expect(refused({ field: 'mname', rule: 'pattern', values: { message: 'a colour #rrggbb' } })).toEqual({
      field: 'mname',
      id: 'platform.validation.rule.colour',
    });
    expect(refused({ field: 'mname', rule: 'pattern', values: { message: 'unheard of' } })?.id).toBe(
      'platform.validation.pattern',
    );
    expect(refused({ field: 'icon' }, 'ICON.TOO_LARGE')?.id).toBe('platform.error.ICON.TOO_LARGE');
    expect(refused(undefined)).toBeNull();
    expect(fieldErrorOf(new Error('x: y'))).toBeNull();
  });
});

describe('errorMessageId and useErrorMessage', () => {
  it('names the message of the code, else the generic message, never the server text', () => {
    expect(errorMessageId(new ApiError(409, 'username exists', 'ACCOUNTS.USERNAME_EXISTS'))).toBe(
      'platform.error.ACCOUNTS.USERNAME_EXISTS',
    );
    expect(errorMessageId(new ApiError(400, 'what', 'NO.SUCH_CODE'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessageId(new ApiError(502, 'Bad Gateway'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessageId(new TypeError('Failed to fetch'))).toBe(GENERIC_ERROR_MESSAGE);
  });

  it.each([
    ['el', 'Το όνομα χρήστη χρησιμοποιείται ήδη.', 'Η ενέργεια δεν ολοκληρώθηκε. Δοκιμάστε ξανά αργότερα.'],
    ['en', 'This username is already taken.', 'The action could not be completed. Please try again later.'],
  ] as const)('translates by code in %s', async (locale, known, generic) => {
    const { unmount } = await renderWeb(
      <Shown error={new ApiError(409, 'username exists', 'ACCOUNTS.USERNAME_EXISTS')} />,
      { locale },
    );
    expect(screen.getByTestId('shown').textContent).toBe(known);
    unmount();
    await renderWeb(<Shown error={new ApiError(400, 'server english', 'NO.SUCH_CODE')} />, { locale });
    expect(screen.getByTestId('shown').textContent).toBe(generic);
  });

  it('ErrorFromCall shows the translated message, and the no-permission page on a 403', async () => {
    const { unmount } = await renderWeb(
      <ErrorFromCall error={new ApiError(503, 'library service unavailable', 'GATEWAY.UNAVAILABLE')} />,
      { locale: 'el' },
    );
    const state = screen.getByTestId('error-state');
    expect(state.textContent).toContain('Η υπηρεσία δεν είναι προσωρινά διαθέσιμη.');
    expect(state.textContent).not.toContain('library service unavailable');
    unmount();
    await renderWeb(<ErrorFromCall error={new ApiError(403, 'action denied', 'AUTH.FORBIDDEN')} />, {
      locale: 'en',
    });
    expect(screen.getByTestId('error-403').textContent).toContain('No permission');
  });
});
