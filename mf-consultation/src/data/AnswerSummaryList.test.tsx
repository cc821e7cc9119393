import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatAreaFilter, type AreaPolygon } from '@agora/contracts';
import type { AnswerSummariesAnswer } from '@agora/contracts/api';
import { adminUser, click, mockFetch, renderWeb, type FakeCall } from '../../../scripts/jest/web';
import App from '../App';
import { NO_ANSWERS, POINT_ATTR, PROJECT, attribute, questionnaire, topic } from '../questionnaire/testData';
import { areaFilterAtom } from './areaFilter';

const LOAD = 'GET /api/data/scope/questionnaire/category/urban-mobility/project/buses';
const layer = (name: string, within = '') => `GET /api/data/scope/geojson/project/${PROJECT}${within}?layer=${name}`;
const V_SHELTER = '7a1b2c3d-4e5f-4a6b-8c7d-000000000011';
const V_NOTE = '7a1b2c3d-4e5f-4a6b-8c7d-000000000012';
const TRIANGLE: AreaPolygon = [
  [23.72, 37.96],
  [23.74, 37.96],
  [23.73, 37.98],
];
const WITHIN = `/within/${encodeURIComponent(formatAreaFilter([TRIANGLE]) ?? '')}`;
const list = (page: number, within = '', query = '') =>
  `GET /api/data/scope/list/page/${page}/attribute/${POINT_ATTR}${within}${query}`;

const variable = (token: string, description: string) => ({
  token,
  mname: description.toLowerCase(),
  description,
  tooltip: '',
  icon: '',
  variable_type: [{ kind: 'text' as const, options: {} }],
  forum_topic_id: null,
  forum_topic_url: null,
});

const STAFF = questionnaire({
  access: { role: 'staff', can_answer: false, see_all: true, answers_on_map: 0 },
  topics: [
    topic({
      attributes: [attribute({ variables: [variable(V_SHELTER, 'Shelter'), variable(V_NOTE, 'Note')] })],
    }),
  ],
});

/** A page of `n` answers of the test, numbered from `from`. */
function answers(from: number, n: number, total: number): AnswerSummariesAnswer {
  return {
    values: Array.from({ length: n }, (_, i) => ({
      choice: `8a1b2c3d-4e5f-4a6b-8c7d-${String(from + i).padStart(12, '0')}`,
      created: `2026-11-${String(10 + i).padStart(2, '0')}T09:00:00.000Z`,
      isOwner: false,
      likes: i,
      dislikes: 0,
      values: [
        { variable: V_SHELTER, variable_type: 'radio' as const, value: 'roof', label: `Roof ${from + i}` },
        { variable: V_NOTE, variable_type: 'text' as const, value: `note ${from + i}`, label: null },
      ],
    })),
    page: from === 1 ? 1 : 2,
    total_pages: Math.ceil(total / 20),
    total,
  };
}

function routes() {
  return mockFetch({
    [LOAD]: { status: 200, body: STAFF },
    [layer('mine')]: { status: 200, body: NO_ANSWERS },
    [layer('all')]: { status: 200, body: NO_ANSWERS },
    [layer('all', WITHIN)]: { status: 200, body: NO_ANSWERS },
    [list(1)]: { status: 200, body: answers(1, 20, 23) },
    [list(2)]: { status: 200, body: answers(21, 3, 23) },
    [list(1, '', '?q=roof+21')]: { status: 200, body: answers(21, 1, 1) },
    [list(1, '', '?sort=likes')]: { status: 200, body: answers(1, 20, 23) },
    [list(1, WITHIN)]: { status: 200, body: answers(1, 2, 2) },
  });
}

const urls = (calls: FakeCall[]) => calls.map((c) => `${c.method} ${c.url}`);
const rows = () => screen.queryAllByTestId('answer-summary');

async function openList() {
  const calls = routes();
  const result = await renderWeb(<App basePath="" />, {
    route: '/admin/data/category/urban-mobility/project/buses',
    user: adminUser,
  });
  await waitFor(() => expect(screen.getByTestId('questionnaire').dataset.role).toBe('staff'));
  await click(screen.getByTestId('attribute-bus-stop'));
  await waitFor(() => expect(rows()).toHaveLength(20));
  return { calls, ...result };
}

describe("the data views' answers list", () => {
  it('shows a page of answers with their values and dates, not every answer at once', async () => {
    const { calls } = await openList();
    expect(urls(calls)).toContain(list(1));
    expect(screen.getByTestId('answers-count').textContent).toBe('23 answers');
    const first = rows()[0]!;
    expect(within(first).getByText('Shelter').nextSibling?.textContent).toBe('Roof 1');
    expect(within(first).getByText('Note').nextSibling?.textContent).toBe('note 1');
    expect(first.textContent).toContain('2026');
    expect(first.textContent).toContain('0 likes, 0 dislikes');
    await click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(urls(calls)).toContain(list(2));
  });

  it('searches and sorts on the server, from the first page', async () => {
    const { calls } = await openList();
    await click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText("Search the answers' values"), { target: { value: ' roof 21 ' } });
    await click(screen.getByTestId('answers-search-go'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(urls(calls)).toContain(list(1, '', '?q=roof+21'));
    fireEvent.change(screen.getByLabelText("Search the answers' values"), { target: { value: '' } });
    await click(screen.getByTestId('answers-search-go'));
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'likes' } });
    await waitFor(() => expect(urls(calls)).toContain(list(1, '', '?sort=likes')));
  });

  it('follows the drawn area', async () => {
    const { calls, store } = await openList();
    await act(async () => store.set(areaFilterAtom, { project: PROJECT, polygons: [TRIANGLE] }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(urls(calls)).toContain(list(1, WITHIN));
    expect(screen.getByTestId('answers-count').textContent).toBe('2 answers inside the drawn area');
  });

  it('speaks Greek', async () => {
    routes();
    await renderWeb(<App basePath="" />, {
      route: '/admin/data/category/urban-mobility/project/buses',
      user: adminUser,
      locale: 'el',
    });
    await waitFor(() => expect(screen.getByTestId('questionnaire').dataset.role).toBe('staff'));
    await click(screen.getByTestId('attribute-bus-stop'));
    await waitFor(() => expect(screen.getByTestId('answers-count').textContent).toBe('23 απαντήσεις'));
    expect(screen.getByLabelText('Αναζήτηση στις τιμές των απαντήσεων')).toBeTruthy();
  });
});
