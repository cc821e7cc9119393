import { fireEvent, screen, within } from '@testing-library/react';
import type { EnsembleAnswer } from '@agora/contracts/api';
import { mockFetch, renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { ATTRIBUTE, V_CHOICES, V_TEXTS } from './fixtures.testutil';
import { StatsModal } from './StatsModal';

const STATS_URL = `/api/data/scope/ensemble/attribute/${ATTRIBUTE.token}`;

const ENSEMBLE: EnsembleAnswer = {
  count: 12,
  respondents: 9,
  weighted_respondents: 9,
  min_cell: 5,
  suppressed: false,
  filtered: false,
  geometry: { type: null, count: 0, length_m: null, area_m2: null },
  profile: [],
  variables: [
    {
      variable: V_CHOICES.token,
      mname: 'choices',
      label: 'Favourite tree',
      kinds: [
        {
          variable_type: 'radio',
          count: 8,
          weighted_count: 8,
          type: 'percentage',
          dist: [
            { value: 'Alpha', count: 6, weighted: 6, percent: 75, weighted_percent: 75, suppressed: false },
            { value: 'Beta', count: 2, weighted: 2, percent: 25, weighted_percent: 25, suppressed: false },
            { value: 'Gamma', count: 0, weighted: 0, percent: 0, weighted_percent: 0, suppressed: false },
          ],
        },
      ],
    },
    {
      variable: V_TEXTS.token,
      mname: 'texts',
      label: '',
      kinds: [
        {
          variable_type: 'number',
          count: 4,
          weighted_count: 4,
          type: 'number',
          dist: [{ value: '7', count: 3, weighted: 3, percent: 75, weighted_percent: 75, suppressed: false }],
          min: '2',
          max: '9',
          mean: 6.25,
        },
      ],
    },
  ],
};

async function open(locale: 'el' | 'en' = 'en') {
  const calls = mockFetch({ [`GET ${STATS_URL}`]: { status: 200, body: ENSEMBLE } });
  const onClose = jest.fn();
  await renderWeb(<StatsModal attribute={ATTRIBUTE} onClose={onClose} />, { messages, locale });
  await screen.findByRole('tablist');
  return { calls, onClose };
}

const panel = () => screen.getByRole('tabpanel');

describe('StatsModal', () => {
  it('shows the total tab (answers, respondents) and a tab per variable', async () => {
    const { calls, onClose } = await open();
    expect(calls.map((c) => c.url)).toEqual([STATS_URL]);
    expect(screen.getByRole('heading', { name: 'Statistics: Trees' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Total',
      'Favourite tree',
      'texts',
    ]);
    expect(screen.getByTestId('stats-total').textContent).toBe('Answers12Respondents9');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('draws the distribution as bars with their counts and shares as text, and as a table on demand', async () => {
    await open();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Total' }), { key: 'ArrowRight' });
    const chart = within(panel()).getByTestId('stats-chart');
    expect(within(chart).getByText('Distribution: Pick one')).toBeTruthy();
    const rows = within(chart).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Alpha6 (75%)', 'Beta2 (25%)', 'Gamma0 (0%)']);
    const bar = rows[0]!.querySelector('.cons-ans-bar') as HTMLElement;
    expect(bar.style.width).toBe('75%');
    expect(bar.parentElement?.getAttribute('aria-hidden')).toBe('true');
    expect(within(panel()).getByText('8 answers')).toBeTruthy();

    const tableButton = screen.getByRole('button', { name: 'Table' });
    expect(tableButton.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(tableButton);
    expect(tableButton.getAttribute('aria-pressed')).toBe('true');
    const table = within(panel()).getByRole('table', { name: 'Distribution: Pick one' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Value', 'Answers', 'Share']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Alpha675%', 'Beta225%', 'Gamma00%']);
  });

  it('gives the lowest, highest and mean of numbers, in Greek', async () => {
    await open('el');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Σύνολο',
      'Favourite tree',
      'texts',
    ]);
    expect(screen.getByTestId('stats-total').textContent).toBe('Απαντήσεις12Συμμετέχοντες9');
    fireEvent.click(screen.getByRole('tab', { name: 'texts' }));
    const kind = within(panel()).getByTestId('stats-kind-number');
    expect(within(kind).getByText('4 απαντήσεις')).toBeTruthy();
    expect(kind.querySelector('dl')?.textContent).toBe('Ελάχιστο2Μέγιστο9Μέσος όρος6,25');
    fireEvent.click(screen.getByRole('button', { name: 'Πίνακας' }));
    const table = within(panel()).getByRole('table', { name: 'Συχνότερες τιμές: Rating' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('7375%');
  });

  it('shows the error of a refused call', async () => {
    mockFetch({
      [`GET ${STATS_URL}`]: {
        status: 403,
        body: { Error: 'not public', code: 'CONSULTATION.NOT_PUBLIC' },
      },
    });
    await renderWeb(<StatsModal attribute={ATTRIBUTE} onClose={() => undefined} />, { messages });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The answers of this project are not public yet.',
    );
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
