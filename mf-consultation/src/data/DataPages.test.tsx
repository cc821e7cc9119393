import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { adminUser, click, mockFetch, participantUser, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';
import { messages } from '../i18n';
import { categoryCard, projectCard } from '../categories/testdata';
import type { Category } from '../categories/types';
import QuestionnairePage from '../questionnaire/QuestionnairePage';
import { NO_ANSWERS, PROJECT, questionnaire } from '../questionnaire/testData';
import type { Questionnaire } from '../questionnaire/types';

const category: Category = {
  token: 'c1',
  mname: 'urban-mobility',
  title: 'Urban mobility',
  summary: 'How we move in the city',
  summary_img: '/files/mobility.jpg',
  summary_img_alt: 'A bus in the rain',
  autosubscribe: false,
  active: false,
  consultation: false,
  forum_welcome_message: '',
  has_answered: false,
  sort_order: 1,
  projects: [{ token: PROJECT, mname: 'buses', title: 'Bus network' }],
};

const LOAD = 'GET /api/data/scope/questionnaire/category/urban-mobility/project/buses';
const layer = (name: string) => `GET /api/data/scope/geojson/project/${PROJECT}?layer=${name}`;
const STAFF = questionnaire({ access: { role: 'staff', can_answer: false, see_all: true, answers_on_map: 0 } });

function screenRoutes(data: Questionnaire, more: FakeRoutes = {}) {
  return mockFetch({
    [LOAD]: { status: 200, body: data },
    [layer('mine')]: { status: 200, body: NO_ANSWERS },
    [layer('all')]: { status: 200, body: NO_ANSWERS },
    ...more,
  });
}

describe('data pages of administrators', () => {
  it('/admin/data: each category image and title open its data page, each project its map', async () => {
    mockFetch({ 'GET /api/category': { status: 200, body: [category] } });
    await renderWeb(<App basePath="" />, { route: '/admin/data', user: adminUser, probe: true });
    const row = await screen.findByTestId('category-row');
    expect(within(row).getByRole('link', { name: 'Urban mobility' }).getAttribute('href')).toBe(
      '/admin/data/category/urban-mobility',
    );
    expect(within(row).getByRole('link', { name: 'Bus network' }).getAttribute('href')).toBe(
      '/admin/data/category/urban-mobility/project/buses',
    );
    // the image is a link too, for pointers (the title names it for assistive technology)
    const image = within(row).getByTestId('card-image-link');
    expect(image.getAttribute('href')).toBe('/admin/data/category/urban-mobility');
    expect(image.getAttribute('aria-hidden')).toBe('true');
    mockFetch({
      'GET /api/category/mname/urban-mobility': {
        status: 200,
        body: { category: categoryCard(1), projects: [], enrolment: null, can_enrol: false },
      },
    });
    await click(image.querySelector('img')!);
    expect(screen.getByTestId('location').textContent).toBe('/admin/data/category/urban-mobility');
  });

  it("/admin/data/category/{category}: the category's projects as cards opening their maps; unknown: 404", async () => {
    mockFetch({
      'GET /api/category/mname/category-1': {
        status: 200,
        body: {
          category: categoryCard(1),
          projects: [projectCard(1, 'open'), projectCard(2, 'closed')],
          enrolment: null,
          can_enrol: false,
        },
      },
    });
    const first = await renderWeb(<App basePath="" />, {
      route: '/admin/data/category/category-1',
      user: adminUser,
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Category 1');
    const cards = screen.getAllByTestId('project-card');
    expect(cards.map((c) => within(c).getByRole('link', { name: /Project/ }).getAttribute('href'))).toEqual([
      '/admin/data/category/category-1/project/project-1',
      '/admin/data/category/category-1/project/project-2',
    ]);
    expect(cards[0]?.textContent).toContain('Open the map of answers');
    expect(screen.getByTestId('data-back').getAttribute('href')).toBe('/admin/data');
    first.unmount();
    mockFetch({ 'GET /api/category/mname/nowhere': { status: 404, body: { Error: 'no' } } });
    await renderWeb(<App basePath="" />, { route: '/admin/data/category/nowhere', user: adminUser });
    await waitFor(() => expect(screen.getByTestId('not-found')).toBeTruthy());
  });

  it('/admin/data/category/{category}/project/{project}: every answer, read-only, with the data tools', async () => {
    const calls = screenRoutes(STAFF);
    await renderWeb(<App basePath="" />, {
      route: '/admin/data/category/urban-mobility/project/buses',
      user: adminUser,
    });
    await waitFor(() => expect(screen.getByTestId('questionnaire').dataset.role).toBe('staff'));
    expect((screen.getByTestId('layer-all') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('layer-mine')).toBeTruthy();
    expect(screen.getByTestId('layer-top')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export the answers as GeoJSON' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export the answers as CSV' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === layer('all').slice(4))).toBe(true));
    // selecting an attribute lists its answers; nothing offers to answer
    await click(screen.getByTestId('attribute-bus-stop'));
    expect(screen.getByTestId('answer-list')).toBeTruthy();
    expect(screen.queryByTestId('answers-add')).toBeNull();
    expect(screen.queryByTestId('mode-dialog')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('sends an unknown category to its data page and shows the 404 page for an unknown project', async () => {
    mockFetch({ [LOAD]: { status: 404, body: { Error: 'no', code: 'CONSULTATION.CATEGORY_NOT_FOUND' } } });
    const first = await renderWeb(<App basePath="" />, {
      route: '/admin/data/category/urban-mobility/project/buses',
      user: adminUser,
      probe: true,
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/data/category/urban-mobility'),
    );
    first.unmount();
    mockFetch({ [LOAD]: { status: 404, body: { Error: 'no', code: 'CONSULTATION.PROJECT_NOT_FOUND' } } });
    await renderWeb(<App basePath="" />, {
      route: '/admin/data/category/urban-mobility/project/buses',
      user: adminUser,
    });
    await waitFor(() => expect(screen.getByTestId('not-found')).toBeTruthy());
  });

  it("the aside's Data tab lists every category as an image link to its data page", async () => {
    screenRoutes(STAFF, { 'GET /api/category': { status: 200, body: [category] } });
    await renderWeb(<App basePath="" />, {
      route: '/admin/data/category/urban-mobility/project/buses',
      user: adminUser,
    });
    await click(await screen.findByRole('tab', { name: 'Data' }));
    const tile = await screen.findByTestId('data-tile');
    expect(tile.getAttribute('href')).toBe('/admin/data/category/urban-mobility');
    expect(tile.textContent).toBe('Urban mobility');
    expect(within(tile).getByTitle('Urban mobility').className).toContain('ag-card-title');
    expect(tile.querySelector('img')?.getAttribute('src')).toBe('/files/mobility.jpg');
    await click(screen.getByRole('tab', { name: 'Questionnaire' }));
    expect(screen.getByTestId('answer-layers')).toBeTruthy();
  });
});

describe('data capabilities on the participant questionnaire screen', () => {
  const show = (data: Questionnaire, more: FakeRoutes = {}) => {
    screenRoutes(data, more);
    return renderWeb(
      <Routes>
        <Route
          path="/participate/category/:category/project/:project"
          element={<QuestionnairePage basePath="" />}
        />
      </Routes>,
      { route: '/participate/category/urban-mobility/project/buses', user: participantUser, messages },
    );
  };

  it('gives an enrolled expert the export icons and the Data tab with their expert categories', async () => {
    await show(questionnaire({ access: { role: 'expert', can_answer: true, see_all: true, answers_on_map: 0 } }), {
      'GET /api/data/scope/profile': {
        status: 200,
        body: {
          values: [
            { category: categoryCard(1), role: 'expert', has_answered: true, projects: [] },
            { category: categoryCard(2), role: 'normal', has_answered: true, projects: [] },
          ],
        },
      },
    });
    await waitFor(() => expect(screen.getByTestId('questionnaire').dataset.role).toBe('expert'));
    expect(screen.getByTestId('export-geojson')).toBeTruthy();
    expect(screen.getByTestId('export-csv')).toBeTruthy();
    await click(screen.getByRole('tab', { name: 'Data' }));
    const tiles = await screen.findAllByTestId('data-tile');
    expect(tiles.map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Category 1', '/participate/category/category-1'],
    ]);
  });

  it('never gives a normal participant export icons or a Data tab', async () => {
    await show(questionnaire({ access: { role: 'normal', can_answer: true, see_all: true, answers_on_map: 0 } }));
    await waitFor(() => expect(screen.getByTestId('questionnaire').dataset.role).toBe('normal'));
    expect(screen.queryByTestId('export-geojson')).toBeNull();
    expect(screen.queryByTestId('export-csv')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByTestId('aside-tabs')).toBeNull();
  });
});
