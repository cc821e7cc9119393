import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, errorMessageId, platformMessages } from '@agora/platform';
import { Route, Routes } from 'react-router-dom';
import {
  adminUser,
  click,
  mockFetch,
  participantUser,
  renderWeb,
  type FakeRoutes,
} from '../../../scripts/jest/web';
import { messages } from '../i18n';
import QuestionnairePage from './QuestionnairePage';
import { NO_ANSWERS, POINT_ATTR, PROJECT, questionnaire, TOPIC } from './testData';
import type { AnswerCollection, Questionnaire } from './types';

const ROUTE = '/participate/category/urban-mobility/project/buses';
const LOAD = 'GET /api/data/scope/questionnaire/category/urban-mobility/project/buses';
const layer = (name: string) => `GET /api/data/scope/geojson/project/${PROJECT}?layer=${name}`;

function page(routes: FakeRoutes) {
  return mockFetch({
    'GET /api/settings': { status: 503, body: { Error: 'service unavailable' } },
    [layer('mine')]: { status: 200, body: NO_ANSWERS },
    ...routes,
  });
}

async function show(options: { user?: typeof participantUser; locale?: 'el' | 'en' } = {}) {
  return renderWeb(
    <Routes>
      <Route
        path="/participate/category/:category/project/:project"
        element={<QuestionnairePage basePath="" />}
      />
      <Route path="*" element={null} />
    </Routes>,
    { route: ROUTE, user: options.user ?? participantUser, messages, probe: true, locale: options.locale },
  );
}

const ready = (data: Questionnaire = questionnaire()) => ({ [LOAD]: { status: 200, body: data } });
const live = () => screen.getByTestId('live-region');

function mine(count: number): AnswerCollection {
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: count }, (_, i) => ({
      type: 'Feature' as const,
      id: `c${i}`,
      geometry: { type: 'Point' as const, coordinates: [23.73, 37.97] },
      properties: {
        token: `c${i}`,
        attribute: POINT_ATTR,
        node: TOPIC,
        isOwner: true,
        likes: 0,
        dislikes: 0,
        reaction: null,
        created: '2026-11-20T10:00:00Z',
      },
    })),
  };
}

/** The reactions of the one own answer `c0` (its owner cannot react). */
const OWN_REACTIONS = {
  'GET /api/social/choice/c0': { status: 200, body: { likes: 0, dislikes: 0, reaction: null, owner: true } },
};

/** Shows the screen and opens the one answer on the map (its marker). */
async function openOwnAnswer() {
  await show();
  await waitFor(() => expect(document.querySelectorAll('.leaflet-marker-icon').length).toBe(1));
  await click(document.querySelector('.leaflet-marker-icon')!);
  await waitFor(() => expect(screen.getByTestId('answer-details')).toBeTruthy());
}

describe('QuestionnairePage: loading', () => {
  it('sends a participant who is not enrolled to the category page', async () => {
    page({ [LOAD]: { status: 403, body: { Error: 'not enrolled', code: 'CONSULTATION.NOT_ENROLLED' } } });
    await show();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/participate/category/urban-mobility'),
    );
  });

  it('sends an unknown category to the category page, an unknown project to the 404 page', async () => {
    page({ [LOAD]: { status: 404, body: { Error: 'no', code: 'CONSULTATION.CATEGORY_NOT_FOUND' } } });
    const first = await show();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/participate/category/urban-mobility'),
    );
    first.unmount();
    page({ [LOAD]: { status: 404, body: { Error: 'no', code: 'CONSULTATION.PROJECT_NOT_FOUND' } } });
    await show();
    await waitFor(() => expect(screen.getByTestId('not-found')).toBeTruthy());
  });

  it('shows the error page with the status of any other failure', async () => {
    page({ [LOAD]: { status: 502, body: { Error: 'bad gateway' } } });
    await show();
    await waitFor(() => expect(screen.getByTestId('error-state').dataset.status).toBe('502'));
  });

  it('sends staff to the admin data page without loading', async () => {
    const calls = page(ready());
    await show({ user: adminUser });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/data/category/urban-mobility/project/buses',
      ),
    );
    expect(calls.some((c) => c.url.includes('/questionnaire/'))).toBe(false);
  });

  it('opens the consultation profile first when it is required', async () => {
    page({
      ...ready(questionnaire({ profile_required: true })),
      [`GET /api/data/scope/profile/activeCategory/${questionnaire().category.token}`]: {
        status: 200,
        body: {
          category: questionnaire().category,
          role: 'normal',
          questions: [],
          answers: [],
          weight: null,
          has_answered: false,
        },
      },
    });
    await show();
    await waitFor(() => expect(screen.getByTestId('profile-form')).toBeTruthy());
    expect(screen.getByRole('dialog', { name: 'Consultation profile' })).toBeTruthy();
    // the questionnaire cannot be used before: the way out is back to the category
    await click(screen.getByTestId('profile-leave'));
    expect(screen.getByTestId('location').textContent).toBe('/participate/category/urban-mobility');
  });
});

describe('QuestionnairePage: the aside', () => {
  it.each([
    ['en', 'Open from 01/11/2026 to 31/12/2026'],
    ['el', 'Ανοιχτό από 01/11/2026 έως 31/12/2026'],
  ] as const)('writes the project dates in %s as every date on the site', async (locale, text) => {
    page(ready());
    await show({ locale });
    const dates = await waitFor(() => {
      const p = document.querySelector('.cons-dates');
      expect(p).toBeTruthy();
      return p as HTMLElement;
    });
    expect(dates.textContent).toBe(text);
    expect([...dates.querySelectorAll('time')].map((t) => t.dateTime)).toEqual(['2026-11-01', '2026-12-31']);
  });
});

describe('QuestionnairePage: answering without a mouse', () => {
  it('places a point at the crosshair, announces it and sends it; an attribute without variables closes', async () => {
    const calls = page({
      ...ready(),
      'POST /api/data/scope/attribute': { status: 201, body: { token: 'new-choice' } },
    });
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bus network');
    await click(screen.getByTestId('attribute-bus-stop'));
    await waitFor(() => expect(screen.getByTestId('draw-panel')).toBeTruthy());
    await waitFor(() => expect(live().textContent).toBe('Answering Bus stop: draw a point.'));
    expect(screen.getByTestId('crosshair')).toBeTruthy();

    // the map's centre is inside the topic's boundary
    await click(screen.getByTestId('draw-place-center'));
    await waitFor(() => expect(live().textContent).toBe('Point placed, inside the area.'));
    await click(screen.getByTestId('draw-finish'));
    await waitFor(() => expect(live().textContent).toBe('Answer saved.'));
    const sent = calls.find((c) => c.method === 'POST')?.body as {
      geometry: { type: string; coordinates: number[] };
    };
    expect(sent).toMatchObject({ attribute: POINT_ATTR, node: TOPIC, geometry: { type: 'Point' } });
    // the map's centre, to the metre
    expect(sent.geometry.coordinates[0]).toBeCloseTo(23.73, 4);
    expect(sent.geometry.coordinates[1]).toBeCloseTo(37.975, 4);
    expect(screen.queryByTestId('draw-panel')).toBeNull();
  });

  it('places with Enter on the focused map and says so in Greek', async () => {
    page(ready());
    await show({ locale: 'el' });
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    await click(screen.getByTestId('attribute-bus-stop'));
    await waitFor(() => expect(screen.getByTestId('draw-panel')).toBeTruthy());
    const map = screen.getByTestId('questionnaire-map');
    await waitFor(() => expect(map.classList.contains('leaflet-container')).toBe(true));
    map.focus();
    await act(async () => {
      map.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await waitFor(() => expect(live().textContent).toBe('Το σημείο τοποθετήθηκε, μέσα στην περιοχή.'));
  });

  it('refuses a point outside the boundary before sending it', async () => {
    const calls = page(
      ready(questionnaire({ project: { ...questionnaire().project, center: { lat: 37.9, lng: 23.9 } } })),
    );
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    await click(screen.getByTestId('attribute-bus-stop'));
    await waitFor(() => expect(screen.getByTestId('draw-panel')).toBeTruthy());
    await click(screen.getByTestId('draw-place-center'));
    await waitFor(() => expect(live().textContent).toBe('Point placed, outside the area.'));
    await click(screen.getByTestId('draw-finish'));
    await waitFor(() => expect(live().textContent).toBe('out of boundaries'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says no more can be added when the attribute’s answers reach max_geom', async () => {
    page({ ...ready(), [layer('mine')]: { status: 200, body: mine(2) } });
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    // the layer has loaded once the answers are listed for the limits
    await waitFor(() => expect(document.querySelectorAll('.leaflet-marker-icon').length).toBe(2));
    await click(screen.getByTestId('attribute-bus-stop'));
    await waitFor(() => expect(live().textContent).toBe('you cannot add other objects'));
    expect(screen.queryByTestId('draw-panel')).toBeNull();
  });

  it('offers the mode choice when the project is open and public', async () => {
    page({
      ...ready(
        questionnaire({
          project: { ...questionnaire().project, is_public: true },
          access: { role: 'normal', can_answer: true, see_all: true, answers_on_map: 0 },
        }),
      ),
      [layer('all')]: { status: 200, body: NO_ANSWERS },
    });
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    // normal role: mine checked, all and top offered but not checked
    expect((screen.getByTestId('layer-mine') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('layer-all') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('layer-top') as HTMLInputElement).checked).toBe(false);
    await click(screen.getByTestId('attribute-bus-stop'));
    expect(screen.getByRole('dialog', { name: 'Bus stop: what would you like to do?' })).toBeTruthy();
    await click(screen.getByTestId('mode-see'));
    expect(screen.getByTestId('answer-list')).toBeTruthy();
  });

  it('tells why nothing can be answered after the end date', async () => {
    page(
      ready(
        questionnaire({
          access: { role: 'normal', can_answer: false, see_all: false, answers_on_map: null },
          today: '2027-01-05',
        }),
      ),
    );
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    expect(screen.queryByTestId('layer-all')).toBeNull();
    await click(screen.getByTestId('attribute-bus-stop'));
    expect(screen.getByTestId('closed-message').textContent).toContain(
      'Answers were accepted from 2026-11-01 to 2026-12-31',
    );
  });
});

describe('QuestionnairePage: answers and the drawer', () => {
  const withVariables = () => {
    const data = questionnaire();
    const [first, second] = data.topics[0]!.attributes;
    const variable = {
      token: '6a1b2c3d-4e5f-4a6b-8c7d-0000000000a1',
      mname: 'why',
      description: 'Why here?',
      tooltip: '',
      icon: '',
      variable_type: [{ kind: 'text' as const, options: { label: 'Why here?' } }],
      forum_topic_id: null,
      forum_topic_url: null,
    };
    data.topics[0]!.attributes = [{ ...first!, variables: [variable] }, second!];
    return data;
  };

  it('opens the answer form of the new answer when the attribute has variables', async () => {
    const choice = '6a1b2c3d-4e5f-4a6b-8c7d-0000000000c1';
    page({
      ...ready(withVariables()),
      'POST /api/data/scope/attribute': { status: 201, body: { token: choice } },
      [`GET /api/data/scope/answers/choice/${choice}`]: { status: 200, body: { choice: {}, values: [] } },
    });
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    await click(screen.getByTestId('attribute-bus-stop'));
    await click(screen.getByTestId('draw-place-center'));
    await click(screen.getByTestId('draw-finish'));
    await waitFor(() => expect(screen.getByTestId('answer-form')).toBeTruthy());
    expect(screen.getByRole('dialog', { name: /Bus stop/ })).toBeTruthy();
  });

  it('shows a refusal of the server with its code’s message', async () => {
    page({
      ...ready(),
      'POST /api/data/scope/attribute': {
        status: 409,
        body: { Error: 'closed', code: 'CONSULTATION.ANSWERING_CLOSED' },
      },
    });
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    await click(screen.getByTestId('attribute-bus-stop'));
    await click(screen.getByTestId('draw-place-center'));
    await click(screen.getByTestId('draw-finish'));
    const expected =
      platformMessages.en![errorMessageId(new ApiError(409, '', 'CONSULTATION.ANSWERING_CLOSED'))];
    await waitFor(() => expect(live().textContent).toBe(expected));
    expect(expected).not.toBe(platformMessages.en!['platform.error.generic']);
  });

  it('lets the owner delete an answer after confirming, while the project is open', async () => {
    let answers = mine(1);
    const calls = page({
      ...ready(),
      [layer('mine')]: () => ({ status: 200, body: answers }),
      'DELETE /api/data/scope/attribute/choice/c0': () => {
        answers = NO_ANSWERS;
        return { status: 200, body: { message: 'data deleted' } };
      },
      ...OWN_REACTIONS,
    });
    await openOwnAnswer();
    expect(screen.getByRole('heading', { name: 'Bus stop: my answer' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('reactions')).toBeTruthy());
    await click(screen.getByTestId('answer-delete'));
    await click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(live().textContent).toBe('Answer deleted.'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(document.querySelectorAll('.leaflet-marker-icon').length).toBe(0));
    // the panel went with the focused Delete button: the focus is on the map, not lost
    expect(document.activeElement).toBe(screen.getByTestId('questionnaire-map'));
  });

  it('shows experts the answers of every participant, with all answers checked', async () => {
    const summary = (i: number) => ({
      choice: `c${i}`,
      created: '2026-11-20T10:00:00.000Z',
      isOwner: false,
      likes: 0,
      dislikes: 0,
      values: [],
    });
    page({
      ...ready(
        questionnaire({ access: { role: 'expert', can_answer: true, see_all: true, answers_on_map: 0 } }),
      ),
      [layer('all')]: { status: 200, body: mine(2) },
      [`GET /api/data/scope/list/page/1/attribute/${POINT_ATTR}`]: {
        status: 200,
        body: { values: [summary(0), summary(1)], page: 1, total_pages: 1, total: 2 },
      },
    });
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    expect((screen.getByTestId('layer-all') as HTMLInputElement).checked).toBe(true);
    await click(screen.getByTestId('attribute-bus-stop'));
    // the server's page of the attribute's answers, each one opened from the map's layer
    await waitFor(() => expect(screen.getAllByTestId('answer-summary')).toHaveLength(2));
    expect(screen.queryByTestId('answers-add')).toBeNull();
    await click(screen.getAllByTestId('answer-summary-open')[1]!);
    await waitFor(() => expect(screen.getByTestId('answer-details')).toBeTruthy());
  });

  it('below 768 px the aside is a drawer: opened by its button, focus inside, Escape closes it', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      page(ready());
      await show();
      await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
      const toggle = screen.getByTestId('drawer-toggle');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.getByTestId('aside').hidden).toBe(true);
      await click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByTestId('aside').hidden).toBe(false);
      expect(screen.getByTestId('aside').contains(document.activeElement)).toBe(true);
      await act(async () => {
        fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      });
      expect(screen.getByTestId('aside').hidden).toBe(true);
      expect(document.activeElement).toBe(toggle);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});

describe('QuestionnairePage: shapes', () => {
  it('answers with a predefined shape picked from the list', async () => {
    const data = questionnaire();
    const [first, second] = data.topics[0]!.attributes;
    data.topics[0]!.attributes = [
      {
        ...first!,
        has_predefined: true,
        predefined: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              id: 7,
              geometry: { type: 'Point', coordinates: [23.72, 37.97] },
              properties: { name: 'Omonia' },
            },
          ],
        },
      },
      second!,
    ];
    const calls = page({
      ...ready(data),
      'POST /api/data/scope/attribute': { status: 201, body: { token: 'c-new' } },
    });
    await show();
    await waitFor(() => expect(screen.getByTestId('questionnaire')).toBeTruthy());
    await click(screen.getByTestId('attribute-bus-stop'));
    expect(screen.queryByTestId('draw-place-center')).toBeNull();
    await act(async () => {
      fireEvent.change(screen.getByTestId('draw-predefined'), { target: { value: '7' } });
    });
    await click(screen.getByTestId('draw-predefined-pick'));
    await waitFor(() => expect(live().textContent).toBe('Answer saved.'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      attribute: POINT_ATTR,
      node: TOPIC,
      geometry: { predefined: 7 },
    });
  });

  it('moves an own answer that may be dragged and saves its shape with PUT', async () => {
    const calls = page({
      ...ready(),
      [layer('mine')]: { status: 200, body: mine(1) },
      'PUT /api/data/scope/attribute/choice/c0': { status: 200, body: { token: 'c0' } },
      ...OWN_REACTIONS,
    });
    await openOwnAnswer();
    // editing needs edit mode
    expect(screen.queryByTestId('answer-edit-shape')).toBeNull();
    await click(screen.getByTestId('answer-edit-mode'));
    await click(screen.getByTestId('answer-edit-shape'));
    // allow_drag without allow_resize: the shape moves as a whole
    expect(screen.getByTestId('draw-panel').dataset.mode).toBe('move');
    await click(screen.getByTestId('draw-translate'));
    await waitFor(() => expect(live().textContent).toBe('Shape moved.'));
    await click(screen.getByTestId('draw-finish'));
    await waitFor(() => expect(live().textContent).toBe('Answer saved.'));
    const sent = calls.find((c) => c.method === 'PUT')?.body as { geometry: { coordinates: number[] } };
    expect(sent.geometry.coordinates[0]).toBeCloseTo(23.73, 4);
    expect(sent.geometry.coordinates[1]).toBeCloseTo(37.975, 4);
  });

  it('lists the own answers of the attribute being answered, to open them without the map', async () => {
    page({ ...ready(), [layer('mine')]: { status: 200, body: mine(1) }, ...OWN_REACTIONS });
    await show();
    await waitFor(() => expect(document.querySelectorAll('.leaflet-marker-icon').length).toBe(1));
    await click(screen.getByTestId('attribute-bus-stop'));
    const own = screen.getByTestId('draw-own');
    expect(own.textContent).toBe('Answer 1: open');
    await click(own.querySelector('button')!);
    await waitFor(() => expect(screen.getByTestId('answer-details')).toBeTruthy());
  });

  it('shows the project’s WMS services in a layer control', async () => {
    const data = questionnaire();
    data.project.wms_services = [
      { title: 'Cadastre', WMSurl: 'https://wms.example.org/service', layers: 'parcels' },
    ];
    page(ready(data));
    await show();
    await waitFor(() => expect(document.querySelector('.leaflet-control-layers')).toBeTruthy());
    expect(document.querySelector('.leaflet-control-layers-overlays')?.textContent).toContain('Cadastre');
  });
});

describe('QuestionnairePage: the results', () => {
  it("links the public results page once the results are public (the server's day)", async () => {
    const published = questionnaire();
    published.project = { ...published.project, is_public: true, public_date: '2026-11-26' };
    page(ready(published));
    await show();
    expect((await screen.findByTestId('questionnaire-results')).getAttribute('href')).toBe(
      `${ROUTE}/results`,
    );
  });

  it('has no results link before the publication day', async () => {
    const later = questionnaire();
    later.project = { ...later.project, is_public: true, public_date: '2026-11-27' };
    page(ready(later));
    await show();
    await screen.findByTestId('share-widget');
    expect(screen.queryByTestId('questionnaire-results')).toBeNull();
  });

  it.each([
    ['en', 'E-mail me when a consultation I answered publishes its results'],
    ['el', 'Να λαμβάνω e-mail όταν μια διαβούλευση στην οποία συμμετείχα δημοσιεύει τα αποτελέσματά της'],
  ] as const)('offers the e-mail of the results until they are public (%s)', async (locale, label) => {
    const profile = { ...participantUser, phone: null, address: null, locale, results_mail: false };
    const calls = page({
      ...ready(),
      'GET /api/profile': { status: 200, body: profile },
      'PUT /api/profile': { status: 200, body: { ...profile, results_mail: true } },
    });
    await show({ locale });
    const box = (await screen.findByLabelText(label)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await click(box);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/profile', { results_mail: true }],
    ]);
    expect(((await screen.findByLabelText(label)) as HTMLInputElement).checked).toBe(true);
  });

  it('offers no e-mail once the results are public: the page is linked instead', async () => {
    const published = questionnaire();
    published.project = { ...published.project, is_public: true, public_date: '2026-11-26' };
    page({
      ...ready(published),
      'GET /api/profile': { status: 200, body: { ...participantUser, results_mail: false } },
    });
    await show();
    await screen.findByTestId('questionnaire-results');
    expect(screen.queryByTestId('questionnaire-results-mail')).toBeNull();
  });
});
