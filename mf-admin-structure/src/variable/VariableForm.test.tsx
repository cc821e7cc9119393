import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VALUE_TYPE_OPTIONS, type VariableKind, type VariableOptions } from '@agora/contracts';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';
import { ALL_KINDS, draftErrors, emptyGeoChoice, newDraft, wireOf, type Kind, type SentKind } from './kinds';
import type { AttributeAnswer, VariableAnswer } from '@agora/contracts/api';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const ATTRIBUTE = '22222222-2222-4222-8222-222222222222';
const VARIABLE = '33333333-3333-4333-8333-333333333333';
const base = `/admin/administration/project/${PROJECT}/topic/t1/attribute/${ATTRIBUTE}`;

const RULES = {
  mname: { required: true, max_size: 60, validation: '[a-z0-9][a-z0-9_-]*', unique: true, message: 'bad' },
  description: { required: false, max_size: 4000 },
  tooltip: { required: false, max_size: 500 },
};

const attribute = (geom: AttributeAnswer['geom_type']): Partial<AttributeAnswer> => ({
  token: ATTRIBUTE,
  node: 't1',
  name: 'Trees',
  mname: 'trees',
  geom_type: geom,
  has_geometry: geom !== null,
});

function routes(extra: FakeRoutes = {}, geom: AttributeAnswer['geom_type'] = 'polygon'): FakeRoutes {
  return {
    'GET /api/validation/scope/variable': { status: 200, body: RULES },
    [`GET /api/attribute/project/${PROJECT}`]: { status: 200, body: [attribute(geom)] },
    'GET /api/marker': {
      status: 200,
      body: [
        { url: '/markers/pin.svg', type: 'marker', name: 'pin' },
        { url: '/markers/tree.svg', type: 'marker', name: 'tree' },
      ],
    },
    ...extra,
  };
}

const typeBox = (kind: Kind) => document.getElementById(`variable-type-${kind}`) as HTMLInputElement;
const kindSet = () =>
  screen.getByTestId('variable-form').querySelectorAll<HTMLElement>('fieldset[data-kind]');
const kindOrder = () => [...kindSet()].map((f) => f.dataset.kind);
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const change = (el: Element, value: string) => fireEvent.change(el, { target: { value } });

/** Which options a kind's fieldset shows, by the controls present in it. */
function shownOptions(kind: Kind): Array<keyof VariableOptions> {
  const box = screen.getByTestId(`kind-options-${kind}`);
  const id = `kind-${kind}`;
  const has = (selector: string) => box.querySelector(selector) !== null;
  const all: Array<[keyof VariableOptions, string]> = [
    ['required', `#${id}-required`],
    ['label', `#${id}-label`],
    ['placeholder', `#${id}-placeholder`],
    ['maxSize', `#${id}-maxSize`],
    ['accepts', `[data-testid="${id}-accepts"]`],
    ['choices', `[data-testid="${id}-choices"]`],
    ['minLength', `#${id}-minLength`],
    ['maxLength', `#${id}-maxLength`],
    ['minDate', `#${id}-minDate`],
    ['maxDate', `#${id}-maxDate`],
    ['items', `[data-testid="${id}-items"]`],
    ['allowMultiple', `#${id}-allowMultiple`],
    ['numberOfGeometries', `#${id}-numberOfGeometries`],
    ['geometricChoices', `[data-testid="${id}-geometric-choices"]`],
  ];
  return all.filter(([, sel]) => has(sel)).map(([name]) => name);
}

describe('variable form', () => {
  it('offers every value and geometric type, each with exactly the options of VALUE_TYPE_OPTIONS', async () => {
    mockFetch(routes());
    await renderWeb(<App basePath="" />, { route: `${base}/variable/add`, user: adminUser });
    await screen.findByTestId('variable-form');
    expect(ALL_KINDS).toHaveLength(15);
    for (const kind of ALL_KINDS) await click(typeBox(kind));
    expect(kindOrder()).toEqual([...ALL_KINDS]);
    for (const kind of ALL_KINDS) {
      expect({ kind, options: shownOptions(kind) }).toEqual({ kind, options: [...VALUE_TYPE_OPTIONS[kind]] });
    }
    // unticking a type removes its options
    await click(typeBox('date'));
    expect(kindOrder()).not.toContain('date');
    // the option groups are fieldsets with a legend
    const legends = [...kindSet()].map((f) => f.querySelector('legend')?.textContent);
    expect(legends[0]).toBe('Single choice (radio)');
  });

  it('adds a variable: derived short name checked within the attribute, icon, options, moves, exact payload', async () => {
    const calls = mockFetch(
      routes({
        [`GET /api/checkIfExists/scope/variable/field/mname/value/erotisi-1?parent=${ATTRIBUTE}`]: {
          status: 200,
          body: false,
        },
        'POST /api/variable': (call) => ({
          status: 200,
          body: { ...(call.body as object), token: VARIABLE, is_visible: true, sort_order: 1 },
        }),
      }),
    );
    await renderWeb(<App basePath="" />, { route: `${base}/variable/add`, user: adminUser, probe: true });
    const form = await screen.findByTestId('variable-form');
    change(screen.getByLabelText(/Short name/), 'Ερώτηση 1');
    expect((screen.getByLabelText(/Short name/) as HTMLInputElement).value).toBe('erotisi-1');
    change(screen.getByLabelText('Tooltip'), 'Hover text');
    change(screen.getByLabelText('Description'), 'What do you think?');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).rows).toBe(5);

    await click(screen.getByTestId('variable-icon-choose'));
    const modal = await screen.findByTestId('marker-select-modal');
    await click(within(modal).getAllByTestId('marker-choice')[1] as HTMLElement);
    expect(screen.getByTestId('variable-icon-preview').getAttribute('src')).toBe('/markers/tree.svg');

    await click(typeBox('radio'));
    await click(typeBox('text'));
    await click(typeBox('geom_polygon'));

    // radio: three choices, one left empty, the last moved to the top
    const radio = screen.getByTestId('kind-options-radio');
    await click(within(radio).getByRole('checkbox', { name: 'Required' }));
    change(within(radio).getByLabelText('Label'), 'Pick one');
    for (let i = 0; i < 3; i++) await click(within(radio).getByTestId('choice-add'));
    const choiceInputs = within(radio).getAllByTestId('choice-input');
    expect(document.activeElement).toBe(choiceInputs[2]);
    change(choiceInputs[0] as HTMLElement, 'Yes');
    change(choiceInputs[2] as HTMLElement, 'No');
    await click(within(radio).getByRole('button', { name: 'Move Choice 3 up' }));
    await click(within(radio).getByRole('button', { name: 'Move Choice 2 up' }));
    expect(
      within(radio)
        .getAllByTestId('choice-input')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['No', 'Yes', '']);
    expect(within(radio).getByRole('button', { name: 'Move Choice 1 up' })).toHaveProperty('disabled', true);

    // text: lengths and placeholder
    const text = screen.getByTestId('kind-options-text');
    change(within(text).getByLabelText('Placeholder'), 'Write here');
    change(within(text).getByLabelText('Minimum length'), '2');
    change(within(text).getByLabelText('Maximum length'), '200');

    // polygon choices: colour default #ffffff, transparency default 1, step 0.02
    const polygon = screen.getByTestId('kind-options-geom_polygon');
    change(within(polygon).getByLabelText('Number of geometries'), '3');
    await click(within(polygon).getByTestId('geo-choice-add'));
    const colour = within(polygon).getByLabelText('Colour of choice 1') as HTMLInputElement;
    const transparency = within(polygon).getByLabelText('Transparency of choice 1') as HTMLInputElement;
    expect(colour.value).toBe('#ffffff');
    expect(transparency.value).toBe('1');
    expect(transparency.step).toBe('0.02');
    change(within(polygon).getByLabelText('Label of choice 1'), 'Park');
    change(colour, '#00aa00');
    change(transparency, '0.42');

    // the chosen types in a new order: polygon first
    await click(screen.getByRole('button', { name: 'Move Polygons up' }));
    await click(screen.getByRole('button', { name: 'Move Polygons up' }));
    expect(kindOrder()).toEqual(['geom_polygon', 'radio', 'text']);

    await act(async () => {
      fireEvent.submit(form);
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    // new choices go without ids: the server gives them theirs
    const expected: SentKind[] = [
      {
        kind: 'geom_polygon',
        options: {
          required: false,
          label: '',
          numberOfGeometries: 3,
          geometricChoices: [{ label: 'Park', color: '#00aa00', transparency: 0.42 }],
        },
      },
      {
        kind: 'radio',
        options: { required: true, label: 'Pick one', choices: [{ label: 'No' }, { label: 'Yes' }] },
      },
      {
        kind: 'text',
        options: { required: false, label: '', placeholder: 'Write here', minLength: 2, maxLength: 200 },
      },
    ];
    expect(post?.url).toBe('/api/variable');
    expect(post?.body).toEqual({
      attribute: ATTRIBUTE,
      mname: 'erotisi-1',
      icon: '/markers/tree.svg',
      tooltip: 'Hover text',
      description: 'What do you think?',
      variable_type: expected,
    });
    expect(
      JSON.stringify(
        Object.keys((post?.body as { variable_type: VariableKind[] }).variable_type[2]!.options),
      ),
    ).toBe(JSON.stringify(VALUE_TYPE_OPTIONS.text.filter((o) => o !== 'maxSize')));
    expect(calls.some((c) => c.url.includes('checkIfExists') && c.url.endsWith(`?parent=${ATTRIBUTE}`))).toBe(
      true,
    );
    // after an add the page goes to the edit route
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`${base}/variable/${VARIABLE}/edit`),
    );
  });

  it('refuses invalid options and shows why, without sending', async () => {
    const calls = mockFetch(
      routes({
        [`GET /api/checkIfExists/scope/variable/field/mname/value/q1?parent=${ATTRIBUTE}`]: {
          status: 200,
          body: false,
        },
      }),
    );
    const { store } = await renderWeb(<App basePath="" />, {
      route: `${base}/variable/add`,
      user: adminUser,
    });
    const form = await screen.findByTestId('variable-form');
    // no type chosen, empty short name
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(await screen.findByText('Choose at least one type.')).toBeTruthy();
    expect(screen.getByText('This value is required.')).toBeTruthy();
    expect(store.get(notificationsAtom).at(-1)).toMatchObject({
      type: 'warning',
      body: 'form contains non valid elements',
    });

    change(screen.getByLabelText(/Short name/), 'q1');
    await click(typeBox('number'));
    await click(typeBox('photo'));
    await click(typeBox('date'));
    await click(typeBox('checkbox'));
    await click(typeBox('geom_point'));
    change(screen.getByLabelText('Minimum length'), '10');
    change(screen.getByLabelText('Maximum length'), '5');
    change(screen.getByLabelText('Maximum size (MB)'), '-1');
    change(screen.getByLabelText('Earliest date'), '2026-05-02');
    change(screen.getByLabelText('Latest date'), '2026-05-01');
    change(screen.getByLabelText('Number of geometries'), '0');
    const point = screen.getByTestId('kind-options-geom_point');
    await click(within(point).getByTestId('geo-choice-add'));
    change(within(point).getByLabelText('Label of choice 1'), 'Tree');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(await screen.findByText('The minimum cannot be larger than the maximum.')).toBeTruthy();
    expect(screen.getByText('The value must be 0 or more.')).toBeTruthy();
    expect(screen.getByText('The latest date cannot precede the earliest date.')).toBeTruthy();
    expect(screen.getByText('The value must be a whole number, 1 or more.')).toBeTruthy();
    expect(screen.getByText('Add at least one choice.')).toBeTruthy();
    expect(screen.getByText('Every choice needs a marker.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server rule message under its field', async () => {
    mockFetch(
      routes({
        [`GET /api/checkIfExists/scope/variable/field/mname/value/q2?parent=${ATTRIBUTE}`]: {
          status: 200,
          body: false,
        },
        'POST /api/variable': {
          status: 400,
          body: {
            Error: 'tooltip: Maximum size is 500.',
            code: 'CONSULTATION.INVALID_FIELD',
            field: 'tooltip',
            rule: 'max',
            values: { n: 500 },
          },
        },
      }),
    );
    const { store } = await renderWeb(<App basePath="" />, {
      route: `${base}/variable/add`,
      user: adminUser,
    });
    const form = await screen.findByTestId('variable-form');
    change(screen.getByLabelText(/Short name/), 'q2');
    await click(typeBox('resource'));
    await act(async () => {
      fireEvent.submit(form);
    });
    const tooltip = screen.getByLabelText('Tooltip');
    await waitFor(() => expect(tooltip.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = tooltip.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Maximum size is 500.');
    expect(store.get(notificationsAtom).at(-1)).toMatchObject({ type: 'warning' });
    change(tooltip, 'shorter');
    expect(tooltip.getAttribute('aria-invalid')).not.toBe('true');
  });

  describe('edit', () => {
    const stored: VariableAnswer = {
      token: VARIABLE,
      attribute: ATTRIBUTE,
      mname: 'favourite',
      description: 'Which one?',
      tooltip: 'tip',
      icon: '/markers/pin.svg',
      is_visible: true,
      sort_order: 1,
      forum_topic_id: null,
      forum_topic_url: null,
      variable_type: [
        {
          kind: 'checkbox',
          options: {
            required: true,
            label: 'Choose',
            choices: [
              { id: 'c-a', label: 'a' },
              { id: 'c-b', label: 'b' },
            ],
          },
        },
        {
          kind: 'library',
          options: { required: false, label: 'Images', items: ['img-1'], allowMultiple: false },
        },
        {
          kind: 'document',
          options: { required: false, label: 'Doc', placeholder: '', maxSize: 5, accepts: ['pdf'] },
        },
      ],
    };
    const editRoutes = (extra: FakeRoutes = {}) =>
      routes({
        [`GET /api/variable/attribute/${ATTRIBUTE}`]: { status: 200, body: [stored] },
        'GET /api/library/uuid/img-1': {
          status: 200,
          body: [
            { uuid: 'img-1', title: 'Harbour', resource: '/r/1.png', thumbnail: null, alt_text: 'harbour' },
          ],
        },
        ...extra,
      });

    it('loads the variable, shows Save, and sends only what changed', async () => {
      const calls = mockFetch(
        editRoutes({
          [`PUT /api/variable/token/${VARIABLE}`]: (call) => ({
            status: 200,
            body: { ...stored, ...(call.body as object) },
          }),
        }),
      );
      const { store } = await renderWeb(<App basePath="" />, {
        route: `${base}/variable/${VARIABLE}/edit`,
        user: adminUser,
      });
      const form = await screen.findByTestId('variable-form');
      expect((screen.getByLabelText(/Short name/) as HTMLInputElement).value).toBe('favourite');
      expect(kindOrder()).toEqual(['checkbox', 'library', 'document']);
      expect(await screen.findByText('Harbour')).toBeTruthy();
      expect((document.getElementById('kind-document-accepts-pdf') as HTMLInputElement).checked).toBe(true);
      expect(screen.getByTestId('variable-submit').textContent).toBe('Save');

      // nothing changed: nothing sent
      await act(async () => {
        fireEvent.submit(form);
      });
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

      change(screen.getByLabelText('Tooltip'), 'new tip');
      await act(async () => {
        fireEvent.submit(form);
      });
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tooltip: 'new tip' });
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'success',
        body: 'successful update',
      });

      // moving a type sends the new variable_type only
      await click(screen.getByRole('button', { name: 'Move Document up' }));
      await click(input('kind-library-allowMultiple'));
      await act(async () => {
        fireEvent.submit(form);
      });
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
      expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({
        variable_type: [
          stored.variable_type[0],
          stored.variable_type[2],
          {
            kind: 'library',
            options: { required: false, label: 'Images', items: ['img-1'], allowMultiple: true },
          },
        ],
      });
    });

    it('keeps the ids of choices renamed and moved, and sends a new one without', async () => {
      const calls = mockFetch(
        editRoutes({
          [`PUT /api/variable/token/${VARIABLE}`]: (call) => ({
            status: 200,
            body: { ...stored, ...(call.body as object) },
          }),
        }),
      );
      await renderWeb(<App basePath="" />, { route: `${base}/variable/${VARIABLE}/edit`, user: adminUser });
      const form = await screen.findByTestId('variable-form');
      change(screen.getAllByTestId('choice-input')[0]!, 'A');
      await click(screen.getByRole('button', { name: 'Move Choice 1 down' }));
      await click(screen.getByTestId('choice-add'));
      change(screen.getAllByTestId('choice-input')[2]!, 'c');
      await act(async () => {
        fireEvent.submit(form);
      });
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      const sent = (calls.find((c) => c.method === 'PUT')?.body as { variable_type: SentKind[] })
        .variable_type;
      expect(sent[0]?.options.choices).toEqual([
        { id: 'c-b', label: 'b' },
        { id: 'c-a', label: 'A' },
        { label: 'c' },
      ]);
    });

    it('cancel goes back to the plan screen', async () => {
      mockFetch(editRoutes());
      await renderWeb(<App basePath="" />, {
        route: `${base}/variable/${VARIABLE}/edit`,
        user: adminUser,
        probe: true,
      });
      await screen.findByTestId('variable-form');
      await click(screen.getByTestId('variable-cancel'));
      expect(screen.getByTestId('location').textContent).toBe(
        `/admin/administration/project/${PROJECT}/plan`,
      );
    });
  });

  it('sends lists only when they have entries, and refuses repeated choices', () => {
    const doc = { ...newDraft('document'), label: 'CV' };
    expect(wireOf(doc, null)).toEqual({
      kind: 'document',
      options: { required: false, label: 'CV', placeholder: '' },
    });
    const radio = {
      ...newDraft('radio'),
      choices: [{ label: ' a ' }, { label: '' }, { id: 'x', label: 'a' }],
    };
    expect(wireOf(radio, null).options.choices).toEqual([{ label: 'a' }, { id: 'x', label: 'a' }]);
    expect(draftErrors(radio, null)).toEqual({ choices: 'structure.variable.error.repeated' });
    const select = { ...newDraft('geom_select'), geometricChoices: [{ ...emptyGeoChoice(), label: 'Park' }] };
    expect(wireOf(select, 'polygon').options.geometricChoices).toEqual([
      { label: 'Park', color: '#ffffff', transparency: 1 },
    ]);
    expect(wireOf(select, null).options.geometricChoices).toEqual([{ label: 'Park' }]);
  });
});

describe('variable form in Greek', () => {
  it('names the page, the fields and the types in Greek', async () => {
    mockFetch(routes());
    await renderWeb(<App basePath="" />, { route: `${base}/variable/add`, user: adminUser, locale: 'el' });
    await screen.findByTestId('variable-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Προσθήκη μεταβλητής');
    expect(screen.getByLabelText(/Σύντομο όνομα/)).toBeTruthy();
    await click(typeBox('geom_polygon'));
    expect(screen.getByTestId('kind-options-geom_polygon').querySelector('legend')?.textContent).toBe(
      'Πολύγωνα',
    );
    expect(screen.getByRole('button', { name: 'Μετακίνηση του «Πολύγωνα» πάνω' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByTestId('variable-submit').textContent).toBe('Προσθήκη');
  });
});
