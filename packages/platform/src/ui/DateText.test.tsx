import { screen } from '@testing-library/react';
import { renderWeb } from '../../../../scripts/jest/web';
import type { Locale } from '../locale';
import { DateText } from './DateText';
import { dateLocaleOf, useFormatDate } from './formatDate';

function Dates() {
  const formatDate = useFormatDate();
  return (
    <>
      <span data-testid="day">
        <DateText value="2026-02-03" />
      </span>
      <span data-testid="stamp">
        <DateText value="2026-11-26T09:05:00" withTime />
      </span>
      <span data-testid="medium">
        {formatDate(new Date('2026-11-26T00:00:00Z'), { dateStyle: 'medium', timeZone: 'UTC' })}
      </span>
    </>
  );
}

const texts = () => ['day', 'stamp', 'medium'].map((id) => screen.getByTestId(id).textContent);

describe('dates', () => {
  it.each<[Locale, string[]]>([
    ['en', ['03/02/2026', '26/11/2026, 09:05', '26 Nov 2026']],
    ['el', ['03/02/2026', '26/11/2026, 09:05 π.μ.', '26 Νοε 2026']],
  ])('are written day first in %s', async (locale, expected) => {
    await renderWeb(<Dates />, { locale });
    expect(texts()).toEqual(expected);
    expect(screen.getByTestId('day').querySelector('time')?.getAttribute('dateTime')).toBe('2026-02-03');
  });

  it('follow the British conventions for English, the language itself otherwise', () => {
    expect(['en', 'en-US', 'el'].map(dateLocaleOf)).toEqual(['en-GB', 'en-GB', 'el']);
  });
});
