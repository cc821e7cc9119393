import { allApiErrorCodes, ERROR_CODES, GATEWAY_ERROR_CODES } from '@agora/contracts';
import { ERROR_MESSAGE_PREFIX } from '../errorMessage';
import el from './el.json';
import en from './en.json';

const catalogues: Record<string, Readonly<Record<string, unknown>>> = { el, en };

describe('error codes', () => {
  it('each has its message platform.error.<CODE> in Greek and in English', () => {
    const missing = Object.entries(catalogues).flatMap(([language, messages]) =>
      allApiErrorCodes()
        .map((code) => `${ERROR_MESSAGE_PREFIX}${code}`)
        .filter((id) => typeof messages[id] !== 'string' || (messages[id] as string).trim() === '')
        .map((id) => `${language}: ${id}`),
    );
    expect(missing).toEqual([]);
  });

  it('are listed: those of every service, each service and the gateway', () => {
    const all = allApiErrorCodes();
    expect(all).toEqual(expect.arrayContaining(['NOT_FOUND', 'INTERNAL', 'REQUEST.INVALID', 'DB.UNIQUE']));
    expect(all).toEqual(expect.arrayContaining([...ERROR_CODES.mailing, ...GATEWAY_ERROR_CODES]));
    expect(new Set(all).size).toBe(all.length);
  });
});
