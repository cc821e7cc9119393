import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import type { AnswerListAnswer, EnsembleAnswer, QuestionnaireAccess } from '@agora/contracts/api';
import { mockFetch, renderWeb } from '../../../scripts/jest/web';
import { areaFilterAtom, type AreaFilter } from '../data/areaFilter';
import { messages } from '../i18n';
import { ATTRIBUTE, V_CHOICES, V_TEXTS } from './fixtures.testutil';
import { StatsModal } from './StatsModal';

const PROJECT = 'p0000000-0000-4000-8000-000000000001';
const STATS_URL = `/api/data/scope/ensemble/attribute/${ATTRIBUTE.token}`;
const TRIANGLE: AreaFilter = {
  project: PROJECT,
  polygons: [
    [
      [22.95, 40.61],
      [22.96, 40.61],
      [22.96, 40.62],
    ],
  ],
};
const WITHIN = `/within/${encodeURIComponent('22.95,40.61_22.96,40.61_22.96,40.62')}`;

const hidden = { count: null, weighted: null, percent: null, weighted_percent: null, suppressed: true };

const ENSEMBLE: EnsembleAnswer = {
  count: 12,
  respondents: 9,
  weighted_respondents: 10.5,
  min_cell: 5,
  suppressed: true,
  filtered: false,
  geometry: { type: 'line', count: 7, length_m: 2345.6, area_m2: null },
  variables: [
    {
      variable: V_CHOICES.token,
      mname: 'choices',
      label: 'Favourite tree',
      kinds: [
        {
          variable_type: 'radio',
          count: 9,
          weighted_count: 10,
          type: 'percentage',
          dist: [
            {
              value: 'Alpha',
              count: 6,
              weighted: 7.5,
              percent: 66.7,
              weighted_percent: 75,
              suppressed: false,
            },
            { value: 'Beta', ...hidden },
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
          count: 8,
          weighted_count: 8.25,
          type: 'number',
          dist: [
            { value: '7', count: 5, weighted: 4.5, percent: 62.5, weighted_percent: 54.5, suppressed: false },
          ],
          min: '2',
          max: '9',
          mean: 6.25,
          weighted_mean: 6.5,
          median: 7,
        },
        {
          variable_type: 'date',
          count: 9,
          weighted_count: 10,
          type: 'date',
          dist: [],
          per_day: [
            {
              day: '2026-03-02',
              count: 6,
              weighted: 5,
              percent: 66.7,
              weighted_percent: 50,
              suppressed: false,
            },
            { day: '2026-03-03', ...hidden },
            {
              day: '2026-03-04',
              count: 3,
              weighted: 5,
              percent: 33.3,
              weighted_percent: 50,
              suppressed: false,
            },
          ],
        },
      ],
    },
  ],
  profile: [
    {
      question: 'q0000000-0000-4000-8000-000000000001',
      label: 'Age',
      choices: [
        {
          choice: 1,
          label: 'Under 30',
          count: 5,
          weighted: 6,
          percent: 55.6,
          weighted_percent: 57.1,
          suppressed: false,
        },
        { choice: 2, label: '30 and over', ...hidden },
      ],
    },
  ],
};

/** Puts a drawn area in the store before anything renders, as the map's draw control would have. */
function WithFilter({ filter, children }: { filter: AreaFilter | null; children: ReactNode }) {
  useHydrateAtoms([[areaFilterAtom, filter ?? { project: null, polygons: [] }]]);
  return children;
}

async function open({
  locale = 'en',
  role = 'expert',
  filter = null,
  body = ENSEMBLE,
}: {
  locale?: 'el' | 'en';
  role?: QuestionnaireAccess['role'];
  filter?: AreaFilter | null;
  body?: EnsembleAnswer;
} = {}) {
  const reply = { status: 200, body };
  const calls = mockFetch({ [`GET ${STATS_URL}`]: reply, [`GET ${STATS_URL}${WITHIN}`]: reply });
  const onClose = jest.fn();
  const rendered = await renderWeb(
    <WithFilter filter={filter}>
      <StatsModal attribute={ATTRIBUTE} project={PROJECT} role={role} onClose={onClose} />
    </WithFilter>,
    { messages, locale },
  );
  await screen.findByRole('tablist');
  return { calls, onClose, store: rendered.store };
}

const panel = () => screen.getByRole('tabpanel');
const texts = (elements: HTMLElement[]) => elements.map((e) => e.textContent);

describe('StatsModal', () => {
  it('shows the total tab (answers, respondents, weighted, shapes), a tab per variable and the profile', async () => {
    const { calls, onClose } = await open();
    expect(calls.map((c) => c.url)).toEqual([STATS_URL]);
    expect(screen.getByRole('heading', { name: 'Statistics: Trees' })).toBeTruthy();
    expect(texts(screen.getAllByRole('tab'))).toEqual([
      'Total',
      'Favourite tree',
      'texts',
      'Participant profile',
    ]);
    expect(screen.getByTestId('stats-total').textContent).toBe(
      'Answers12Respondents9Weighted respondents10.5Shapes on the map7Total length2.35 km',
    );
    expect(screen.queryByTestId('stats-filtered')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('moves between the tabs with the arrow keys', async () => {
    await open();
    const total = screen.getByRole('tab', { name: 'Total' });
    fireEvent.keyDown(total, { key: 'ArrowLeft' });
    const profile = screen.getByRole('tab', { name: 'Participant profile' });
    expect(profile.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(profile);
    expect(panel().getAttribute('aria-labelledby')).toBe(profile.id);
    expect(within(panel()).getByRole('heading', { name: 'Age' })).toBeTruthy();
  });

  it('draws the respondents or their weights as the switch says, and tables both side by side', async () => {
    await open();
    fireEvent.click(screen.getByRole('tab', { name: 'Favourite tree' }));
    const rows = () => within(within(panel()).getByTestId('stats-dist-chart')).getAllByRole('listitem');
    const width = () => (rows()[0]!.querySelector('.cons-ans-bar') as HTMLElement).style.width;
    expect(texts(rows())).toEqual(['Alpha6 (66.7%)', 'Betafewer than 5']);
    expect(width()).toBe('66.7%');
    expect(within(panel()).getByTestId('stats-kind-radio').querySelector('dl')?.textContent).toBe(
      'Answers9Weighted answers10',
    );

    const weighted = screen.getByRole('button', { name: 'Weighted' });
    expect(weighted.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(weighted);
    expect(weighted.getAttribute('aria-pressed')).toBe('true');
    expect(texts(rows())).toEqual(['Alpha7.5 (75%)', 'Betafewer than 5']);
    expect(width()).toBe('75%');

    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(within(panel()).queryByTestId('stats-dist-chart')).toBeNull();
    const table = within(panel()).getByRole('table', { name: 'Distribution: Pick one' });
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual([
      'Value',
      'Respondents',
      'Share',
      'Weighted',
      'Weighted share',
    ]);
    expect(texts(within(table).getAllByRole('row').slice(1))).toEqual([
      'Alpha666.7%7.575%',
      'Betafewer than 5hiddenfewer than 5hidden',
    ]);
    // the same table whichever numbers the chart draws
    fireEvent.click(screen.getByRole('button', { name: 'Unweighted' }));
    expect(texts(within(table).getAllByRole('row').slice(1))[0]).toBe('Alpha666.7%7.575%');
  });

  it('says that small groups are hidden and why', async () => {
    await open();
    expect(screen.getByRole('note').textContent).toBe(
      'Some numbers are hidden: a group of fewer than 5 respondents is not shown, so that no one can be recognised (small-cell suppression).',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Participant profile' }));
    const rows = within(within(panel()).getByTestId('stats-profile-chart')).getAllByRole('listitem');
    expect(texts(rows)).toEqual(['Under 305 (55.6%)', '30 and overfewer than 5']);
  });

  it('says nothing of hidden groups when nothing is hidden', async () => {
    await open({ body: { ...ENSEMBLE, suppressed: false } });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('draws the answers per day, each column scaled to the busiest day and following the switch', async () => {
    await open();
    fireEvent.click(screen.getByRole('tab', { name: 'texts' }));
    const chart = within(panel()).getByTestId('stats-days-chart');
    expect(within(chart).getByText('Answers per day: When')).toBeTruthy();
    const days = within(chart).getAllByRole('listitem');
    const heights = () =>
      days.map((d) => (d.querySelector('[aria-hidden] > span') as HTMLElement).style.height);
    expect(texts(days)).toEqual([
      '02/03/2026: 6 (66.7%)',
      '03/03/2026: fewer than 5',
      '04/03/2026: 3 (33.3%)',
    ]);
    expect(heights()).toEqual(['100%', '0%', '50%']);
    fireEvent.click(screen.getByRole('button', { name: 'Weighted' }));
    expect(heights()).toEqual(['100%', '0%', '100%']);

    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = within(panel()).getByRole('table', { name: 'Answers per day: When' });
    expect(texts(within(table).getAllByRole('row').slice(1))).toEqual([
      '02/03/2026666.7%550%',
      '03/03/2026fewer than 5hiddenfewer than 5hidden',
      '04/03/2026333.3%550%',
    ]);
    expect(within(panel()).getByTestId('stats-kind-number').querySelector('dl')?.textContent).toBe(
      'Answers8Weighted answers8.25Lowest2Highest9Median7Mean6.25Weighted mean6.5',
    );
  });

  it('speaks Greek with Greek numbers', async () => {
    await open({ locale: 'el' });
    expect(texts(screen.getAllByRole('tab'))).toEqual([
      'Σύνολο',
      'Favourite tree',
      'texts',
      'Προφίλ συμμετεχόντων',
    ]);
    expect(screen.getByTestId('stats-total').textContent).toBe(
      'Απαντήσεις12Συμμετέχοντες9Σταθμισμένοι συμμετέχοντες10,5Σχήματα στον χάρτη7Συνολικό μήκος2,35 χλμ.',
    );
    expect(screen.getByRole('note').textContent).toContain('λιγότερους από 5 συμμετέχοντες');
    fireEvent.click(screen.getByRole('tab', { name: 'Favourite tree' }));
    fireEvent.click(screen.getByRole('button', { name: 'Σταθμισμένα' }));
    const rows = within(within(panel()).getByTestId('stats-dist-chart')).getAllByRole('listitem');
    expect(texts(rows)).toEqual(['Alpha7,5 (75%)', 'Betaλιγότεροι από 5']);
    fireEvent.click(screen.getByRole('button', { name: 'Πίνακας' }));
    const table = within(panel()).getByRole('table', { name: 'Κατανομή: Pick one' });
    expect(texts(within(table).getAllByRole('row').slice(1))).toEqual([
      'Alpha666,7%7,575%',
      'Betaλιγότεροι από 5κρυφόλιγότεροι από 5κρυφό',
    ]);
    // days as Greek dates
    fireEvent.click(screen.getByRole('tab', { name: 'texts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Γράφημα' }));
    fireEvent.click(screen.getByRole('button', { name: 'Χωρίς στάθμιση' }));
    const days = within(within(panel()).getByTestId('stats-days-chart')).getAllByRole('listitem');
    expect(texts(days)[0]).toBe('02/03/2026: 6 (66,7%)');
  });

  it('asks for the answers inside the drawn area of the project, and says so', async () => {
    const { calls } = await open({ filter: TRIANGLE, body: { ...ENSEMBLE, filtered: true } });
    expect(calls.map((c) => c.url)).toEqual([`${STATS_URL}${WITHIN}`]);
    expect(screen.getByTestId('stats-filtered').textContent).toBe(
      'Only the answers inside the drawn area are counted.',
    );
  });

  it('follows the drawn area when it changes, and ignores one drawn on another project', async () => {
    const { calls, store } = await open({ role: 'staff', filter: { ...TRIANGLE, project: 'another' } });
    expect(calls.map((c) => c.url)).toEqual([STATS_URL]);
    act(() => store.set(areaFilterAtom, TRIANGLE));
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual([STATS_URL, `${STATS_URL}${WITHIN}`]));
    expect(await screen.findByTestId('stats-filtered')).toBeTruthy();
  });

  it('never sends a drawn area for a normal participant', async () => {
    const { calls, store } = await open({ role: 'normal', filter: TRIANGLE });
    act(() => store.set(areaFilterAtom, { ...TRIANGLE, polygons: [...TRIANGLE.polygons] }));
    await screen.findByRole('tablist');
    expect(calls.map((c) => c.url)).toEqual([STATS_URL]);
    expect(screen.queryByTestId('stats-filtered')).toBeNull();
  });

  it('lists the values of a variable a page at a time, inside the drawn area', async () => {
    const base = `/api/data/scope/list/page/{page}/attribute/${ATTRIBUTE.token}/variable/${V_CHOICES.token}${WITHIN}`;
    const page = (n: number): AnswerListAnswer => ({
      values: [
        {
          choice: `c000000${n}-0000-4000-8000-000000000001`,
          variable_type: 'radio',
          // the list shows the label joined from the stored id
          value: n === 1 ? 'alpha' : 'beta',
          label: n === 1 ? 'Alpha' : 'Beta',
          created: '2026-03-02T10:00:00.000Z',
        },
      ],
      page: n,
      total_pages: 2,
      total: 2,
    });
    const calls = mockFetch({
      [`GET ${STATS_URL}${WITHIN}`]: { status: 200, body: ENSEMBLE },
      [`GET ${base.replace('{page}', '1')}`]: { status: 200, body: page(1) },
      [`GET ${base.replace('{page}', '2')}`]: { status: 200, body: page(2) },
    });
    await renderWeb(
      <WithFilter filter={TRIANGLE}>
        <StatsModal attribute={ATTRIBUTE} project={PROJECT} role="expert" onClose={() => undefined} />
      </WithFilter>,
      { messages },
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Favourite tree' }));
    const toggle = screen.getByRole('button', { name: 'Answered values' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = await within(panel()).findByRole('table', { name: 'Favourite tree: page 1 of 2' });
    expect(texts(within(table).getAllByRole('row').slice(1))).toEqual(['AlphaPick one02/03/2026']);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await within(panel()).findByRole('table', { name: 'Favourite tree: page 2 of 2' })).toBeTruthy();
    expect(calls.map((c) => c.url).filter((u) => u.includes('/list/'))).toEqual([
      base.replace('{page}', '1'),
      base.replace('{page}', '2'),
    ]);
  });

  it('shows the error of a refused call', async () => {
    mockFetch({
      [`GET ${STATS_URL}`]: {
        status: 403,
        body: { Error: 'not public', code: 'CONSULTATION.NOT_PUBLIC' },
      },
    });
    await renderWeb(
      <StatsModal attribute={ATTRIBUTE} project={PROJECT} role="normal" onClose={() => undefined} />,
      { messages },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The answers of this project are not public yet.',
    );
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
