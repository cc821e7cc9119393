import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmHost, notificationsAtom } from '@agora/platform';
import {
  adminUser,
  click,
  mockFetch,
  renderWeb,
  type FakeCall,
  type FakeReply,
  type FakeRoutes,
} from '../../../scripts/jest/web';
import App from '../App';
import type { CategoryAnswer, ProfileQuestionAnswer } from '@agora/contracts/api';

const category = (active: boolean): Partial<CategoryAnswer> => ({
  token: 'c1',
  mname: 'coast',
  title: 'Coast',
  active,
  sort_order: 1,
  projects: [],
});

const RULES = {
  question: { required: true, max_size: 500 },
  weight: { required: true, validation: '-?[0-9]{1,6}', message: 'a whole number' },
  content: { required: true, max_size: 500 },
  icon: { required: true, max_size: 500 },
};

const question = (token: string, text: string, weight: number, ids: number[]): ProfileQuestionAnswer => ({
  token,
  category: 'c1',
  role: 'expert',
  question: text,
  weight,
  sort_order: 1,
  choices: ids.map((id, i) => ({
    id,
    content: `Answer ${id}`,
    icon: `/markers/m${id}.svg`,
    weight: id,
    sort_order: i + 1,
  })),
});

/** A small in-memory server for the profile calls. */
function server(initial: { expert: ProfileQuestionAnswer[]; normal: ProfileQuestionAnswer[] }) {
  const state = { expert: [...initial.expert], normal: [...initial.normal] };
  const all = () => [...state.expert, ...state.normal];
  const list = (role: 'expert' | 'normal') => () => ({ status: 200, body: state[role] });
  const routes: FakeRoutes = {
    'GET /api/category': { status: 200, body: [category(true)] },
    'GET /api/validation/scope/consultationProfile': { status: 200, body: RULES },
    'GET /api/marker': { status: 200, body: [{ url: '/markers/star.svg', type: 'marker', name: 'star' }] },
    'GET /api/consultationProfile/category/c1/role/expert': list('expert'),
    'GET /api/consultationProfile/category/c1/role/normal': list('normal'),
    'PUT /api/consultationProfile/sortOrder': (call: FakeCall) => {
      const order = call.body as string[];
      state.expert = order.map((t) => state.expert.find((q) => q.token === t)!);
      return { status: 200, body: state.expert };
    },
    'PUT /api/consultationWeight/sortOrder': (call: FakeCall) => {
      const ids = call.body as number[];
      const q = all().find((x) => x.choices.some((c) => c.id === ids[0]))!;
      q.choices = ids.map((id) => q.choices.find((c) => c.id === id)!);
      return { status: 200, body: q.choices };
    },
    'POST /api/consultationProfile': (call: FakeCall) => {
      const b = call.body as { question: string; weight: number; role: 'expert' | 'normal' };
      const created = { ...question('q-new', b.question, b.weight, []), role: b.role };
      state[b.role] = [...state[b.role], created];
      return { status: 200, body: created };
    },
    'POST /api/consultationWeight': (call: FakeCall) => {
      const b = call.body as { question: string; content: string; icon: string; weight: number };
      const q = all().find((x) => x.token === b.question)!;
      q.choices = [
        ...q.choices,
        { id: 99, content: b.content, icon: b.icon, weight: b.weight, sort_order: 9 },
      ];
      return { status: 200, body: q.choices.at(-1) };
    },
  };
  for (const q of all()) {
    routes[`PUT /api/consultationProfile/token/${q.token}`] = (call: FakeCall) => {
      Object.assign(q, call.body);
      return { status: 200, body: q };
    };
    routes[`DELETE /api/consultationProfile/token/${q.token}`] = () => {
      state.expert = state.expert.filter((x) => x.token !== q.token);
      return { status: 200, body: { message: 'data deleted' } };
    };
    for (const c of q.choices) {
      routes[`PUT /api/consultationWeight/id/${c.id}`] = (call: FakeCall) => {
        Object.assign(c, call.body);
        return { status: 200, body: c };
      };
      routes[`DELETE /api/consultationWeight/id/${c.id}`] = () => {
        q.choices = q.choices.filter((x) => x.id !== c.id);
        return { status: 200, body: { message: 'data deleted' } };
      };
    }
  }
  return { routes, state };
}

const fresh = () =>
  server({
    expert: [
      question('q1', 'How long have you lived here?', 2, [1, 2]),
      question('q2', 'Do you own a boat?', 1, [3]),
    ],
    normal: [{ ...question('q3', 'Age group?', 1, [4]), role: 'normal' }],
  });

async function renderProfile(routes: FakeRoutes, locale: 'en' | 'el' = 'en') {
  const calls = mockFetch(routes);
  const result = await renderWeb(
    <>
      <App basePath="" />
      <ConfirmHost />
    </>,
    { route: '/admin/administration/profile', user: adminUser, locale },
  );
  return { calls, ...result };
}

const questions = () => screen.getAllByTestId('profile-question');
const texts = () => screen.getAllByTestId('question-text').map((t) => t.textContent);
const sent = (calls: FakeCall[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === `/api/${url}`).map((c) => c.body);

describe('consultation profile', () => {
  it('asks to check or create a category when none is active', async () => {
    await renderProfile({ 'GET /api/category': { status: 200, body: [category(false)] } });
    expect((await screen.findByTestId('no-active-category')).textContent).toContain(
      'Please check or create a category.',
    );
  });

  it('shows an error page when the categories cannot be read', async () => {
    await renderProfile({ 'GET /api/category': { status: 500, body: { Error: 'down' } } });
    expect((await screen.findByTestId('error-state')).getAttribute('data-status')).toBe('500');
    expect(screen.queryByTestId('no-active-category')).toBeNull();
  });

  it('lists the questions per role in tabs, with choices (icon, content, weight); arrows switch tabs', async () => {
    await renderProfile(fresh().routes);
    await screen.findAllByTestId('profile-question');
    expect(screen.getByTestId('profile-category').textContent).toBe('Category: Coast');
    expect(texts()).toEqual(['How long have you lived here?', 'Do you own a boat?']);
    const first = questions()[0] as HTMLElement;
    expect(within(first).getByTestId('question-weight').textContent).toBe('Weight: 2');
    expect(
      within(first)
        .getAllByTestId('choice-content')
        .map((c) => c.textContent),
    ).toEqual(['Answer 1', 'Answer 2']);
    expect(within(first).getByAltText('Icon of Answer 1').getAttribute('src')).toBe('/markers/m1.svg');
    const expertTab = screen.getByRole('tab', { name: 'Experts' });
    expect(expertTab.getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      fireEvent.keyDown(expertTab, { key: 'ArrowRight' });
    });
    const normalTab = screen.getByRole('tab', { name: 'Participants' });
    expect(normalTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(normalTab);
    await waitFor(() => expect(texts()).toEqual(['Age group?']));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('profile-tab-normal');
  });

  it('edits a question in place, sending only what changed', async () => {
    const { calls, store } = await renderProfile(fresh().routes);
    await screen.findAllByTestId('profile-question');
    await click(screen.getByRole('button', { name: 'Edit question 1' }));
    const card = questions()[0] as HTMLElement;
    const weight = within(card).getByLabelText(/Weight/);
    fireEvent.change(weight, { target: { value: '' } });
    await click(within(card).getByTestId('question-save'));
    expect(within(card).getByText('This value is required.')).toBeTruthy();
    expect(sent(calls, 'PUT', 'consultationProfile/token/q1')).toHaveLength(0);
    fireEvent.change(weight, { target: { value: '5' } });
    await click(within(card).getByTestId('question-save'));
    await waitFor(() =>
      expect(within(questions()[0] as HTMLElement).getByTestId('question-weight').textContent).toBe(
        'Weight: 5',
      ),
    );
    expect(sent(calls, 'PUT', 'consultationProfile/token/q1')).toEqual([{ weight: 5 }]);
    expect(store.get(notificationsAtom).at(-1)).toMatchObject({ type: 'success', body: 'successful update' });

    await click(screen.getByRole('button', { name: 'Edit question 2' }));
    const second = questions()[1] as HTMLElement;
    fireEvent.change(within(second).getByLabelText(/Question/), {
      target: { value: 'Do you own a fishing boat?' },
    });
    await click(within(second).getByTestId('question-save'));
    await waitFor(() => expect(texts()[1]).toBe('Do you own a fishing boat?'));
    expect(sent(calls, 'PUT', 'consultationProfile/token/q2')).toEqual([
      { question: 'Do you own a fishing boat?' },
    ]);
  });

  it('reorders questions and choices with the move buttons', async () => {
    const { calls } = await renderProfile(fresh().routes);
    await screen.findAllByTestId('profile-question');
    await click(screen.getByRole('button', { name: 'Move Question 2 up' }));
    await waitFor(() => expect(texts()).toEqual(['Do you own a boat?', 'How long have you lived here?']));
    expect(sent(calls, 'PUT', 'consultationProfile/sortOrder')).toEqual([['q2', 'q1']]);
    const q1 = questions()[1] as HTMLElement;
    await click(within(q1).getByRole('button', { name: 'Move Choice 1 down' }));
    await waitFor(() =>
      expect(
        within(questions()[1] as HTMLElement)
          .getAllByTestId('choice-content')
          .map((c) => c.textContent),
      ).toEqual(['Answer 2', 'Answer 1']),
    );
    expect(sent(calls, 'PUT', 'consultationWeight/sortOrder')).toEqual([[2, 1]]);
  });

  it('says a new order is saved only once the server has it, and sends the orders one after the other', async () => {
    const { routes, state } = fresh();
    // the order calls wait until the test lets them answer, one at a time
    const gates: Array<() => void> = [];
    const held = (route: FakeRoutes[string]) => (call: FakeCall) =>
      new Promise<FakeReply>((resolve) => {
        gates.push(() => resolve((route as (c: FakeCall) => FakeReply)(call)));
      });
    routes['PUT /api/consultationWeight/sortOrder'] = held(routes['PUT /api/consultationWeight/sortOrder']!);
    routes['PUT /api/consultationProfile/sortOrder'] = held(
      routes['PUT /api/consultationProfile/sortOrder']!,
    );
    const { calls } = await renderProfile(routes);
    await screen.findAllByTestId('profile-question');
    const status = () => screen.getByTestId('profile-order-status');
    await click(within(questions()[0] as HTMLElement).getByRole('button', { name: 'Move Choice 2 up' }));
    // shown at once, but as being saved
    expect(
      within(questions()[0] as HTMLElement)
        .getAllByTestId('choice-content')
        .map((c) => c.textContent),
    ).toEqual(['Answer 2', 'Answer 1']);
    expect(status().getAttribute('data-state')).toBe('saving');
    expect(status().textContent).toContain('Saving the new order');
    // a second order while the first is on its way: not sent before the first is answered
    await click(screen.getByRole('button', { name: 'Move Question 2 up' }));
    await waitFor(() => expect(gates).toHaveLength(1));
    expect(sent(calls, 'PUT', 'consultationProfile/sortOrder')).toEqual([]);
    await act(async () => gates.shift()!());
    await waitFor(() => expect(sent(calls, 'PUT', 'consultationProfile/sortOrder')).toEqual([['q2', 'q1']]));
    expect(state.expert[0]!.choices.map((c) => c.id)).toEqual([2, 1]);
    // the first saved, the second not yet: still saving
    expect(status().getAttribute('data-state')).toBe('saving');
    await act(async () => gates.shift()!());
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('saved'));
    expect(status().textContent).toContain('Do you own a boat? saved at position 1 of 2.');
    expect(texts()).toEqual(['Do you own a boat?', 'How long have you lived here?']);
    expect(
      within(questions()[1] as HTMLElement)
        .getAllByTestId('choice-content')
        .map((c) => c.textContent),
    ).toEqual(['Answer 2', 'Answer 1']);
  });

  it('says when a new order was refused, and shows the stored one', async () => {
    const { routes } = fresh();
    routes['PUT /api/consultationWeight/sortOrder'] = { status: 403, body: { Error: 'action denied' } };
    await renderProfile(routes);
    await screen.findAllByTestId('profile-question');
    await click(within(questions()[0] as HTMLElement).getByRole('button', { name: 'Move Choice 2 up' }));
    const status = () => screen.getByTestId('profile-order-status');
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('failed'));
    expect(status().textContent).toBe('The new order was not saved.');
    expect(
      within(questions()[0] as HTMLElement)
        .getAllByTestId('choice-content')
        .map((c) => c.textContent),
    ).toEqual(['Answer 1', 'Answer 2']);
  });

  it('adds a question with choices, all fields required', async () => {
    const { calls } = await renderProfile(fresh().routes);
    await screen.findAllByTestId('profile-question');
    await click(screen.getByTestId('add-question'));
    const form = screen.getByTestId('new-question');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getAllByText('This value is required.')).toHaveLength(5);
    expect(sent(calls, 'POST', 'consultationProfile')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/^Question/), { target: { value: 'Do you fish?' } });
    fireEvent.change(within(form).getAllByLabelText(/^Weight/)[0] as HTMLElement, { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(/^Content/), { target: { value: 'Yes' } });
    fireEvent.change(within(form).getAllByLabelText(/^Weight/)[1] as HTMLElement, {
      target: { value: '10' },
    });
    await click(within(form).getByTestId('new-question-expert-choice-1-icon-choose'));
    await click(await screen.findByTestId('marker-choice'));
    await act(async () => {
      fireEvent.submit(form);
    });
    await waitFor(() => expect(texts()).toContain('Do you fish?'));
    expect(sent(calls, 'POST', 'consultationProfile')).toEqual([
      {
        question: 'Do you fish?',
        category: 'c1',
        role: 'expert',
        weight: 3,
        choices: [{ content: 'Yes', icon: '/markers/star.svg', weight: 10 }],
      },
    ]);
    expect(screen.queryByTestId('new-question')).toBeNull();
  });

  it('adds, edits and deletes choices, and deletes a question after a confirm', async () => {
    const { calls } = await renderProfile(fresh().routes);
    await screen.findAllByTestId('profile-question');
    const second = () => questions()[1] as HTMLElement;
    // add a choice to question 2
    await click(within(second()).getByTestId('question-add-choice'));
    const adding = within(second()).getByTestId('new-choice');
    fireEvent.change(within(adding).getByLabelText(/Content/), { target: { value: 'Sometimes' } });
    fireEvent.change(within(adding).getByLabelText(/Weight/), { target: { value: '4' } });
    await click(within(adding).getByTestId('new-choice-add'));
    expect(within(adding).getByText('This value is required.')).toBeTruthy(); // the icon
    await click(within(adding).getByTestId('question-q2-new-choice-icon-choose'));
    await click(await screen.findByTestId('marker-choice'));
    await click(within(adding).getByTestId('new-choice-add'));
    await waitFor(() =>
      expect(
        within(second())
          .getAllByTestId('choice-content')
          .map((c) => c.textContent),
      ).toEqual(['Answer 3', 'Sometimes']),
    );
    expect(sent(calls, 'POST', 'consultationWeight')).toEqual([
      { question: 'q2', content: 'Sometimes', icon: '/markers/star.svg', weight: 4 },
    ]);
    // edit a choice's content in place
    await click(within(second()).getByRole('button', { name: 'Edit choice 1' }));
    fireEvent.change(within(second()).getByLabelText(/Content/), { target: { value: 'Every day' } });
    await click(within(second()).getByTestId('choice-save'));
    await waitFor(() =>
      expect(within(second()).getAllByTestId('choice-content')[0]?.textContent).toBe('Every day'),
    );
    expect(sent(calls, 'PUT', 'consultationWeight/id/3')).toEqual([{ content: 'Every day' }]);
    // delete a choice: No keeps it, Yes deletes it
    await click(within(second()).getByRole('button', { name: 'Delete choice 1' }));
    await click(screen.getByTestId('confirm-no'));
    expect(sent(calls, 'DELETE', 'consultationWeight/id/3')).toHaveLength(0);
    await click(within(second()).getByRole('button', { name: 'Delete choice 1' }));
    await click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(sent(calls, 'DELETE', 'consultationWeight/id/3')).toHaveLength(1));
    // delete question 1
    await click(screen.getByRole('button', { name: 'Delete question 1' }));
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('Delete this entry?');
    await click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(texts()).toEqual(['Do you own a boat?']));
    expect(sent(calls, 'DELETE', 'consultationProfile/token/q1')).toHaveLength(1);
  });

  it('speaks Greek', async () => {
    await renderProfile(fresh().routes, 'el');
    await screen.findAllByTestId('profile-question');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Προφίλ διαβούλευσης');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Ειδικοί', 'Συμμετέχοντες']);
  });

  it("shows the server's refusal of a field under that field in Greek, never the server's English", async () => {
    const { routes } = fresh();
    await renderProfile(
      {
        ...routes,
        'PUT /api/consultationProfile/token/q1': {
          status: 400,
          body: {
            Error: 'question: Maximum size is 500.',
            code: 'CONSULTATION.INVALID_FIELD',
            field: 'question',
            rule: 'max',
            values: { n: 500 },
          },
        },
      },
      'el',
    );
    await screen.findAllByTestId('profile-question');
    await click(screen.getByRole('button', { name: 'Επεξεργασία ερώτησης 1' }));
    const card = questions()[0] as HTMLElement;
    fireEvent.change(within(card).getAllByRole('textbox')[0] as HTMLElement, {
      target: { value: 'Πόσα χρόνια ζείτε εδώ;' },
    });
    await click(within(card).getByTestId('question-save'));
    expect(await within(card).findByText('Το μέγιστο μέγεθος είναι 500.')).toBeTruthy();
    expect(screen.queryByText(/Maximum size/)).toBeNull();
  });
});
