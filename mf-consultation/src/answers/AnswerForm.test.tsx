import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmHost, searchUrl, type Locale } from '@agora/platform';
import { click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import {
  formFields,
  installFakeXhr,
  type FakeXhrRequest,
} from '../../../packages/library-ui/src/upload/fakeXhr.testutil';
import type { PointMapProps } from '../../../packages/platform/src/map/PointMap';
import type { GeometryMapProps } from './GeometryMap';
import { messages } from '../i18n';
import { AnswerForm } from './AnswerForm';
import {
  ANSWERS_URL,
  answersOf,
  ATTRIBUTE,
  CHOICE,
  libraryItem,
  stored,
  U1,
  U2,
  V_CHOICES,
  V_FILES,
  V_LIBRARY,
  V_PLACE,
  V_TEXTS,
  VARIABLES,
} from './fixtures.testutil';
import type { QuestionnaireVariable } from './types';

// Leaflet needs a real browser: the map is a stand-in that "clicks" a point.
jest.mock('../../../packages/platform/src/map/PointMap', () => ({
  __esModule: true,
  default: (props: PointMapProps) => (
    <div data-testid="point-map">
      <button type="button" onClick={() => props.onMove({ lat: 37.975512345678, lng: 23.734812345678 })}>
        click the map
      </button>
    </div>
  ),
}));

// the geometric kinds' map: a stand-in that "draws" a line, refused like the real one when no more may be drawn
jest.mock('./GeometryMap', () => ({
  __esModule: true,
  default: (props: GeometryMapProps) => (
    <div
      data-testid="geometry-map"
      data-around={JSON.stringify(props.around)}
      data-view={JSON.stringify(props.view ?? null)}
      data-readonly={props.readOnly}
    >
      <button
        type="button"
        onClick={() =>
          props.full
            ? props.onRefused()
            : props.onAdd({
                type: 'LineString',
                coordinates: [
                  [23.7, 37.9],
                  [23.8, 38],
                ],
              })
        }
      >
        draw a line
      </button>
    </div>
  ),
}));

const MB = 1024 * 1024;
const LIBRARY_URL = `/api/library/uuid/${U1};${U2}`;

interface Setup {
  variables?: QuestionnaireVariable[];
  values?: ReturnType<typeof stored>[];
  editable?: boolean;
  locale?: Locale;
  routes?: FakeRoutes;
  projectMaxBytes?: number;
  mapView?: { center: { lat: number; lng: number }; zoom: number };
}

async function open(setup: Setup = {}) {
  document.cookie = 'token=tok';
  const calls = mockFetch({
    [`GET ${ANSWERS_URL}`]: answersOf(setup.values ?? []),
    [`GET ${LIBRARY_URL}`]: { status: 200, body: [libraryItem(U2, 'Oak'), libraryItem(U1, 'Pine')] },
    ...setup.routes,
  });
  const onClose = jest.fn();
  await renderWeb(
    <>
      <AnswerForm
        choice={CHOICE}
        attribute={ATTRIBUTE}
        variables={setup.variables ?? VARIABLES}
        projectMaxBytes={setup.projectMaxBytes ?? 50 * MB}
        editable={setup.editable ?? true}
        onClose={onClose}
        {...(setup.mapView ? { mapView: setup.mapView } : {})}
      />
      <ConfirmHost />
    </>,
    { messages, locale: setup.locale ?? 'en' },
  );
  await screen.findByRole('tablist');
  return { calls, onClose };
}

const tab = (name: RegExp | string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(within(panel()).getByLabelText(label), { target: { value } });
const errorOf = (name: string) => screen.queryByTestId(`error-${name}`)?.textContent ?? null;
const save = () =>
  act(async () => {
    fireEvent.click(within(panel()).getByRole('button', { name: /^Save|^Αποθήκευση/ }));
  });
const file = (name: string, type: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type, lastModified: 0 });
const choose = (testId: string, chosen: File) =>
  fireEvent.change(screen.getByTestId(testId), { target: { files: [chosen] } });

type StoredValue = ReturnType<typeof stored>;

/**
 * A fake XMLHttpRequest that stores what each save sends over `initial` and answers, like the server, with every
 * stored value of the variable.
 */
function echoSaves(initial: StoredValue[] = []): FakeXhrRequest[] {
  const values = [...initial];
  return installFakeXhr((req) => {
    const fields = formFields(req.body);
    const variable = fields.variable ?? req.url.split('/').pop() ?? '';
    for (const key of Object.keys(fields).filter((k) => k.endsWith('[variable_type]'))) {
      const i = key.slice('values['.length, key.indexOf(']'));
      const kind = fields[key] as StoredValue['variable_type'];
      const at = values.findIndex((v) => v.variable === variable && v.variable_type === kind);
      if (at >= 0) values.splice(at, 1);
      values.push(
        stored({ token: variable } as QuestionnaireVariable, kind, fields[`values[${i}][value]`] ?? ''),
      );
    }
    req.respond(req.method === 'POST' ? 201 : 200, {
      choice: CHOICE,
      variable,
      // the answer names the variable once, not in each value
      values: values
        .filter((v) => v.variable === variable)
        .map(({ variable_type, value, location, file }) => ({ variable_type, value, location, file })),
    });
  });
}

describe('AnswerForm', () => {
  it('shows one tab per variable, moved through with the arrow keys, Home and End (WAI-ARIA tabs)', async () => {
    await open();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      '1. choices',
      '2. texts',
      '3. files',
      '4. place',
      '5. library',
    ]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs[1]?.getAttribute('tabindex')).toBe('-1');
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs[0]?.id);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tab('2. texts').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('2. texts'));
    fireEvent.keyDown(tab('2. texts'), { key: 'End' });
    expect(document.activeElement).toBe(tab('5. library'));
    fireEvent.keyDown(tab('5. library'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('1. choices'));
    fireEvent.keyDown(tab('1. choices'), { key: 'ArrowLeft' });
    expect(tab('5. library').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('5. library'), { key: 'Home' });
    expect(tab('1. choices').getAttribute('aria-selected')).toBe('true');
  });

  it('renders radio and checkbox choices (checkboxes in three columns) and checks the required choice', async () => {
    const requests = echoSaves();
    await open();
    expect(
      within(panel())
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['alpha', 'beta', 'gamma']);
    expect(within(panel()).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByTestId('field-choices-checkbox').className).toContain('cons-ans-columns');
    await save();
    expect(errorOf('choices-radio')).toBe('This value is required.');
    expect(screen.getByTestId('answer-alert').textContent).toBe('The form contains invalid fields');
    expect(requests).toHaveLength(0);
  });

  it('posts the first save of a variable (multipart, checkbox labels joined by ;) and opens the next tab', async () => {
    const requests = echoSaves();
    await open();
    fireEvent.click(within(panel()).getByLabelText('Beta'));
    fireEvent.click(within(panel()).getByLabelText('z'));
    fireEvent.click(within(panel()).getByLabelText('x'));
    await save();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/data/scope/variable');
    expect(requests[0]?.headers['x-csrf-token']).toBe('tok');
    expect(formFields(requests[0]!.body)).toEqual({
      choice: CHOICE,
      variable: V_CHOICES.token,
      'values[0][variable_type]': 'radio',
      // the choices' ids, not their labels
      'values[0][value]': 'beta',
      'values[1][variable_type]': 'checkbox',
      'values[1][value]': 'x;z',
    });
    expect(tab('2. texts').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('2. texts'));
    expect(screen.getByTestId('answer-status').textContent).toBe('Saved.');
    expect(tab(/1\. choices/).textContent).toContain('(answered)');
  });

  it('puts only the changed values of a variable saved before, and sends nothing when nothing changed', async () => {
    const values = [stored(V_CHOICES, 'radio', 'alpha'), stored(V_CHOICES, 'checkbox', 'x;y')];
    const requests = echoSaves(values);
    await open({ values });
    expect((within(panel()).getByLabelText('Alpha') as HTMLInputElement).checked).toBe(true);
    expect((within(panel()).getByLabelText('y') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(panel()).getByLabelText('x'));
    await save();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe(`/api/data/scope/variable/choice/${CHOICE}/variable/${V_CHOICES.token}`);
    expect(formFields(requests[0]!.body)).toEqual({
      'values[0][variable_type]': 'checkbox',
      'values[0][value]': 'y',
    });
    // back to the first tab: unchanged now, so a save sends nothing and moves on
    fireEvent.click(tab(/1\. choices/));
    await save();
    expect(requests).toHaveLength(1);
    expect(tab('2. texts').getAttribute('aria-selected')).toBe('true');
  });

  it('checks text sizes, number bounds and type, and date bounds as the server does', async () => {
    const requests = echoSaves();
    await open({ variables: [V_TEXTS] });
    expect(within(panel()).getByLabelText('Story').tagName).toBe('TEXTAREA');
    expect(within(panel()).getByLabelText('Story').getAttribute('placeholder')).toBe('Tell us');
    expect(
      within(panel())
        .getByLabelText(/Rating/)
        .getAttribute('type'),
    ).toBe('number');
    const when = within(panel()).getByLabelText('When');
    expect([when.getAttribute('type'), when.getAttribute('min'), when.getAttribute('max')]).toEqual([
      'date',
      '2026-01-01',
      '2026-12-31',
    ]);
    type('Story', 'abc');
    type('Title *', 'a much too long title');
    type('Rating', '11');
    type('When', '2025-12-31');
    expect(errorOf('texts-text')).toBe('Minimum size is 5.');
    expect(errorOf('texts-string')).toBe('Maximum size is 10.');
    expect(errorOf('texts-number')).toBe('A value from 1 to 10.');
    expect(errorOf('texts-date')).toBe('Minimum size is 2026-01-01.');
    type('Rating', '1e5');
    expect(errorOf('texts-number')).toBe('This is not the kind of value the field takes.');
    type('When', '2027-01-01');
    expect(errorOf('texts-date')).toBe('Maximum size is 2026-12-31.');
    await save();
    expect(requests).toHaveLength(0);
    type('Story', '  A long story  ');
    type('Title *', 'Short');
    type('Rating', '7.5');
    type('When', '2026-06-01');
    await save();
    expect(formFields(requests[0]!.body)).toMatchObject({
      'values[0][variable_type]': 'text',
      'values[0][value]': '  A long story  ',
      'values[1][value]': 'Short',
      'values[2][value]': '7.5',
      'values[3][variable_type]': 'date',
      'values[3][value]': '2026-06-01',
    });
  });

  it('shows a field refusal of the server under the field it names', async () => {
    installFakeXhr((req) =>
      req.respond(400, {
        Error: 'values[1][value]: Maximum size is 4.',
        code: 'CONSULTATION.INVALID_FIELD',
        field: 'values[1][value]',
        rule: 'max',
        values: { n: 4 },
      }),
    );
    const { onClose } = await open({ variables: [V_TEXTS], locale: 'el' });
    type('Story', 'A long story');
    type('Title *', 'Short');
    await save();
    expect(errorOf('texts-string')).toBe('Το μέγιστο μέγεθος είναι 4.');
    expect(errorOf('texts-text')).toBeNull();
    expect(screen.getByTestId('answer-alert').textContent).toBe('Η φόρμα περιέχει μη έγκυρα πεδία');
    expect(onClose).not.toHaveBeenCalled();
    type('Title *', 'Shor');
    expect(errorOf('texts-string')).toBeNull();
  });

  it('shows a refused file under its field and any other refusal above the buttons', async () => {
    const answers = [
      {
        status: 413,
        body: { Error: 'resource_0: too large', code: 'REQUEST.TOO_LARGE', field: 'resource_0' },
      },
      { status: 409, body: { Error: 'closed', code: 'CONSULTATION.ANSWERING_CLOSED' } },
    ];
    installFakeXhr((req) => {
      const answer = answers.shift()!;
      req.respond(answer.status, answer.body);
    });
    const { onClose } = await open({ variables: [V_FILES] });
    choose('file-files-photo', file('tree.png', 'image/png', 100));
    await save();
    expect(errorOf('files-photo')).toBe('The file is too large.');
    await save();
    expect(screen.getByTestId('answer-alert').textContent).toBe('Answering is closed for this project.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks photos (images, size within maxSize and the project limit) and documents (accepts), with a preview', async () => {
    const requests = echoSaves();
    const createObjectURL = jest.fn(() => 'blob:preview');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    await open({ variables: [V_FILES], projectMaxBytes: 512 * 1024 });
    expect(screen.getByTestId('file-files-photo').getAttribute('accept')).toBe('image/*');
    expect(screen.getByTestId('file-files-document').getAttribute('accept')).toBe('.pdf');
    expect(within(panel()).getByTestId('field-files-photo').textContent).toContain('At most 512 KB.');
    choose('file-files-photo', file('notes.txt', 'text/plain', 10));
    expect(errorOf('files-photo')).toBe('Choose an image file.');
    choose('file-files-photo', file('big.png', 'image/png', 600 * 1024));
    expect(errorOf('files-photo')).toBe('The file is too large (at most 512 KB).');
    choose('file-files-document', file('paper.docx', 'application/msword', 10));
    expect(errorOf('files-document')).toBe('Choose a file of type pdf.');
    choose('file-files-photo', file('tree.png', 'image/png', 100));
    choose('file-files-document', file('paper.pdf', 'application/pdf', 100));
    expect(screen.getByTestId('photo-preview').getAttribute('src')).toBe('blob:preview');
    await save();
    expect(formFields(requests[0]!.body)).toEqual({
      choice: CHOICE,
      variable: V_FILES.token,
      'values[0][variable_type]': 'photo',
      'values[0][value]': 'tree.png',
      resource_0: 'file:tree.png',
      'values[1][variable_type]': 'document',
      'values[1][value]': 'paper.pdf',
      resource_1: 'file:paper.pdf',
    });
  });

  it('shows the upload progress and cancels the upload with the spec message', async () => {
    const requests = installFakeXhr();
    await open({ variables: [V_FILES] });
    choose('file-files-photo', file('tree.png', 'image/png', 100));
    await save();
    expect(screen.getByTestId('upload-percent').textContent).toBe('0%');
    await act(async () => requests[0]?.progress(1, 4));
    expect(screen.getByTestId('upload-percent').textContent).toBe('25%');
    await act(async () => {
      fireEvent.click(screen.getByTestId('upload-cancel'));
    });
    expect(requests[0]?.aborted).toBe(true);
    expect(screen.queryByTestId('upload-progress-modal')).toBeNull();
    expect(screen.getByTestId('answer-alert').textContent).toBe('Operation canceled by the user.');
    expect(tab(/1\. files/).getAttribute('aria-selected')).toBe('true');
  });

  it('says the cancel message in Greek too', async () => {
    const requests = installFakeXhr();
    await open({ variables: [V_FILES], locale: 'el' });
    choose('file-files-document', file('paper.pdf', 'application/pdf', 100));
    await save();
    await act(async () => requests[0]?.progress(3, 4));
    expect(screen.getByTestId('upload-percent').textContent).toBe('75%');
    await act(async () => {
      fireEvent.click(screen.getByTestId('upload-cancel'));
    });
    expect(screen.getByTestId('answer-alert').textContent).toBe('Η λειτουργία ακυρώθηκε από τον χρήστη.');
  });

  it('finds the location of a complete address with the site geocoder when one is configured', async () => {
    const address = { street: 'Ερμού', house_number: '12Α', town: 'Athens', zip: '105 63' };
    await open({
      variables: [V_PLACE],
      routes: {
        'GET /api/settings': { status: 200, body: { geocoderUrl: 'https://geocoder.example.org' } },
        [`GET ${searchUrl('https://geocoder.example.org', address)}`]: {
          status: 200,
          body: [{ lat: '37.9763', lon: '23.7291' }],
        },
      },
    });
    const lookup = await screen.findByTestId('address-lookup');
    expect(screen.queryByTestId('geocoding-note')).toBeNull();
    expect((lookup as HTMLButtonElement).disabled).toBe(true);
    type('Street *', address.street);
    type('Number *', address.house_number);
    type('Town *', address.town);
    type(/^Postal code/, address.zip);
    await act(async () => {
      fireEvent.click(lookup);
    });
    await waitFor(() =>
      expect((within(panel()).getByLabelText(/^Location/) as HTMLInputElement).value).toBe('37.9763;23.7291'),
    );
    expect(screen.getByTestId('address-lookup-outcome').textContent).toBe(
      'The location was filled in from the address: check it on the map.',
    );
  });

  it('checks the address parts against their patterns, joins them with + and takes a location from the map', async () => {
    const requests = echoSaves();
    await open({ variables: [V_PLACE] });
    expect(screen.getByTestId('geocoding-note').textContent).toContain('not available');
    await save();
    expect(errorOf('place-resource-street')).toBe('This value is required.');
    type('Street *', 'Ερμού');
    type('Number *', '12Z');
    type('Town *', 'Athens');
    type(/^Postal code/, '1056');
    await save();
    expect(errorOf('place-resource-house_number')).toBe(
      'Digits, optionally followed by one letter (Α-Δ or A-F).',
    );
    type('Number *', '12Α');
    await save();
    expect(errorOf('place-resource-zip')).toBe('3 digits, an optional space and 2 digits.');
    type(/^Postal code/, '105 63');
    type(/^Location/, '10;10');
    await save();
    expect(errorOf('place-resource-location')).toBe(
      'Write the location as latitude;longitude within Greece, e.g. 37.9838;23.7275.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pick the location on the map' }));
    const modal = await screen.findByTestId('location-modal');
    fireEvent.click(await within(modal).findByRole('button', { name: 'click the map' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Use this location' }));
    expect(screen.queryByTestId('location-modal')).toBeNull();
    expect((within(panel()).getByLabelText(/^Location/) as HTMLInputElement).value).toBe(
      '37.97551235;23.73481235',
    );
    await save();
    expect(formFields(requests[0]!.body)).toEqual({
      choice: CHOICE,
      variable: V_PLACE.token,
      'values[0][variable_type]': 'resource',
      'values[0][value]': 'Ερμού+12Α+Athens+105 63',
      'values[0][location]': '37.97551235;23.73481235',
    });
  });

  it('picks one library item among the variable items, several with allowMultiple, and notes the map kinds', async () => {
    const requests = echoSaves();
    const many: QuestionnaireVariable = {
      ...V_LIBRARY,
      token: '00000000-0000-4000-8000-000000000009',
      mname: 'many',
      variable_type: [
        { kind: 'library', options: { label: 'Images', items: [U1, U2], allowMultiple: true } },
      ],
    };
    const { onClose } = await open({ variables: [V_LIBRARY, many] });
    await waitFor(() => expect(within(panel()).getAllByRole('radio')).toHaveLength(2));
    expect(
      within(panel())
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual([U1, U2]);
    expect(screen.getByTestId('field-library-geom_point').textContent).toContain('Spots');
    fireEvent.click(within(panel()).getByLabelText(/Oak/));
    fireEvent.click(within(panel()).getByLabelText(/Pine/));
    await save();
    expect(formFields(requests[0]!.body)).toMatchObject({
      'values[0][variable_type]': 'library',
      'values[0][value]': U1,
    });
    expect(Object.keys(formFields(requests[0]!.body))).not.toContain('values[1][variable_type]');
    await waitFor(() => expect(within(panel()).getAllByRole('checkbox')).toHaveLength(2));
    fireEvent.click(within(panel()).getByLabelText(/Oak/));
    fireEvent.click(within(panel()).getByLabelText(/Pine/));
    await save();
    expect(formFields(requests[1]!.body)['values[0][value]']).toBe(`${U1};${U2}`);
    // after the last tab the form closes, telling that answers were saved
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('moves on from a variable with nothing to save and closes after the last one; Close tells whether anything was saved', async () => {
    const requests = echoSaves();
    const { onClose } = await open({ variables: [V_FILES, V_LIBRARY] });
    await save();
    expect(tab(/2\. library/).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith(false);
    await save();
    expect(requests).toHaveLength(0);
    expect(onClose).toHaveBeenLastCalledWith(true);
  });

  it('asks before Esc or Close throws away typed values, and closes at once when nothing changed', async () => {
    const { onClose } = await open({ variables: [V_TEXTS] });
    type('Story', 'A draft story');
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    const question = await screen.findByTestId('confirm-dialog');
    expect(question.textContent).toContain('You have unsaved changes');
    await click(within(question).getByTestId('confirm-no'));
    expect(onClose).not.toHaveBeenCalled();
    expect((within(panel()).getByLabelText('Story') as HTMLTextAreaElement).value).toBe('A draft story');
    await click(screen.getByRole('button', { name: 'Close' }));
    await click(await screen.findByTestId('confirm-yes'));
    expect(onClose).toHaveBeenCalledWith(false);

    type('Story', '');
    onClose.mockClear();
    await click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('shows the values read-only (files as links), without inputs or a save button, in Greek', async () => {
    await open({
      editable: false,
      locale: 'el',
      values: [
        // the labels the server joined from the stored ids
        stored(V_CHOICES, 'radio', 'beta', { label: 'Beta' }),
        stored(V_CHOICES, 'checkbox', 'x;z', { label: 'x;z' }),
        stored(V_FILES, 'photo', 'tree.png', {
          file: {
            id: 'f0000000-0000-4000-8000-000000000001',
            name: 'tree.png',
            mime: 'image/png',
            bytes: 9,
            url: '',
          },
        }),
        stored(V_PLACE, 'resource', 'Ερμού+12+Αθήνα+105 63', { location: '37.97;23.73' }),
      ],
    });
    expect(screen.queryByRole('button', { name: /Αποθήκευση/ })).toBeNull();
    expect(within(panel()).queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByTestId('answer-readonly').textContent).toBe('Pick oneBetaPick manyx, z');
    fireEvent.click(tab(/3\. files/));
    const link = within(panel()).getByTestId('answer-file');
    expect(link.getAttribute('href')).toBe('/api/data/scope/file/f0000000-0000-4000-8000-000000000001');
    expect(within(panel()).getByTestId('answer-readonly').textContent).toContain('PaperΧωρίς απάντηση');
    fireEvent.click(tab(/4\. place/));
    expect(within(panel()).getByTestId('answer-readonly').textContent).toContain('Ερμού 12, Αθήνα 105 63');
    fireEvent.click(tab(/5\. library/));
    expect(within(panel()).getByTestId('answer-readonly').textContent).toContain('SpotsΧωρίς απάντηση');
  });

  it('renders the kinds with their Greek texts', async () => {
    await open({ variables: [V_PLACE, V_FILES], locale: 'el' });
    expect(within(panel()).getByLabelText('Οδός *')).toBeTruthy();
    expect(screen.getByTestId('geocoding-note').textContent).toContain('δεν είναι διαθέσιμη');
    await save();
    expect(errorOf('place-resource-street')).toBe('Η τιμή είναι υποχρεωτική.');
    expect(screen.getByRole('button', { name: 'Αποθήκευση και συνέχεια' })).toBeTruthy();
  });
});

describe('AnswerForm: the geometric kinds', () => {
  const CHOICES = [
    { id: 'bench', label: 'Bench', color: '#00aa00' },
    { id: 'tree', label: 'Tree', marker: '/tree.png' },
  ];
  const geomVariable = (kind: 'geom_select' | 'geom_radio', options: object): QuestionnaireVariable => ({
    ...V_PLACE,
    token: '00000000-0000-4000-8000-00000000000a',
    mname: 'shapes',
    variable_type: [{ kind, options: { label: 'Places', ...options } }],
  });
  const V_SELECT = geomVariable('geom_select', {
    required: true,
    numberOfGeometries: 2,
    geometricChoices: CHOICES,
  });
  const V_RADIO = geomVariable('geom_radio', { numberOfGeometries: 3, geometricChoices: CHOICES });
  const list = (name: string) => screen.queryByTestId(`geometry-list-${name}`)?.textContent ?? null;

  async function addPoint(lat: string, lon: string, greek = false) {
    fireEvent.change(await within(panel()).findByLabelText(greek ? /Γεωγραφικό πλάτος/ : /^Latitude/), {
      target: { value: lat },
    });
    fireEvent.change(within(panel()).getByLabelText(greek ? /Γεωγραφικό μήκος/ : /^Longitude/), {
      target: { value: lon },
    });
    fireEvent.click(
      within(panel()).getByRole('button', { name: greek ? 'Προσθήκη του σημείου' : 'Add the point' }),
    );
  }

  it('adds points by their coordinates, a choice each, deletes them, keeps to the most and sends the collection', async () => {
    const requests = echoSaves();
    await open({ variables: [V_SELECT] });
    expect(screen.getByTestId('geometry-none-shapes-geom_select').textContent).toBe('Nothing drawn yet.');
    expect(screen.getByTestId('field-shapes-geom_select').textContent).toContain(
      'Draw up to 2 shapes on the map with its toolbar, or add points by their coordinates below.',
    );
    // required
    await save();
    expect(errorOf('shapes-geom_select')).toBe('This value is required.');
    expect(requests).toHaveLength(0);
    await addPoint('37.97', '23.73');
    expect(list('shapes-geom_select')).toContain('1. Point at 37.97000, 23.73000');
    // a choice per shape
    await save();
    expect(errorOf('shapes-geom_select')).toBe('Choose the choice of shape 1.');
    fireEvent.change(within(panel()).getByRole('combobox', { name: 'Choice of shape 1' }), {
      target: { value: 'tree' },
    });
    expect(errorOf('shapes-geom_select')).toBeNull();
    // the second shape drawn on the map fills the variable: no more points, the limit told
    fireEvent.click(within(panel()).getByRole('button', { name: 'draw a line' }));
    expect(list('shapes-geom_select')).toContain('2. Line at 37.90000, 23.70000');
    expect(screen.getByTestId('geometry-limit-shapes-geom_select').textContent).toContain('(2)');
    expect(within(panel()).queryByRole('button', { name: 'Add the point' })).toBeNull();
    // deleted from the list
    fireEvent.click(within(panel()).getByRole('button', { name: 'Delete shape 2' }));
    expect(list('shapes-geom_select')).not.toContain('2.');
    expect(screen.queryByTestId('geometry-limit-shapes-geom_select')).toBeNull();
    await save();
    expect(requests).toHaveLength(1);
    const fields = formFields(requests[0]!.body);
    expect(fields['values[0][variable_type]']).toBe('geom_select');
    expect(JSON.parse(fields['values[0][value]'] ?? '')).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [23.73, 37.97] },
          properties: { choice: 'tree' },
        },
      ],
    });
  });

  it('offers coordinates for points only: lines and polygons are drawn on the map and listed', async () => {
    const lines: QuestionnaireVariable = {
      ...V_SELECT,
      variable_type: [{ kind: 'geom_line', options: { label: 'Paths', numberOfGeometries: 2 } }],
    };
    await open({ variables: [lines], locale: 'el' });
    expect(screen.getByTestId('field-shapes-geom_line').textContent).toContain('η λίστα παρακάτω');
    expect(within(panel()).queryByRole('button', { name: 'Προσθήκη του σημείου' })).toBeNull();
    fireEvent.click(within(panel()).getByRole('button', { name: 'draw a line' }));
    expect(list('shapes-geom_line')).toContain('1. Γραμμή στο 37.90000, 23.70000');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Διαγραφή του σχήματος 1' }));
    expect(screen.getByTestId('geometry-none-shapes-geom_line').textContent).toBe(
      'Δεν έχει σχεδιαστεί τίποτα ακόμη.',
    );
  });

  it('tells the limit when a shape is drawn beyond the most', async () => {
    const one = geomVariable('geom_select', { numberOfGeometries: 1 });
    await open({ variables: [one] });
    fireEvent.click(within(panel()).getByRole('button', { name: 'draw a line' }));
    expect(screen.getByTestId('geometry-limit-shapes-geom_select').textContent).toBe(
      'You have drawn the most shapes allowed (1): delete one to draw another.',
    );
    fireEvent.click(within(panel()).getByRole('button', { name: 'draw a line' }));
    expect(list('shapes-geom_select')).not.toContain('2.');
  });

  it('gives every shape of a geom_radio one choice, in Greek', async () => {
    const requests = echoSaves();
    await open({ variables: [V_RADIO], locale: 'el' });
    await addPoint('38', '23.5', true);
    fireEvent.click(within(panel()).getByRole('button', { name: 'draw a line' }));
    await save();
    expect(errorOf('shapes-geom_radio')).toBe('Επιλέξτε την επιλογή των σχημάτων.');
    fireEvent.click(within(panel()).getByRole('radio', { name: 'Bench' }));
    expect(list('shapes-geom_radio')).toContain('1. Σημείο στο 38.00000, 23.50000: Bench');
    expect(list('shapes-geom_radio')).toContain('2. Γραμμή στο 37.90000, 23.70000: Bench');
    await save();
    const value = JSON.parse(formFields(requests[0]!.body)['values[0][value]'] ?? '') as {
      features: Array<{ properties: unknown }>;
    };
    expect(value.features.map((f) => f.properties)).toEqual([{ choice: 'bench' }, { choice: 'bench' }]);
  });

  const STORED = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [23.73, 37.97] },
        properties: { choice: 'tree' },
      },
    ],
  });

  it("opens the map on the project's view when the answer has no geometry", async () => {
    const mapView = { center: { lat: 41.12, lng: 25.4 }, zoom: 14 };
    await open({ variables: [V_SELECT], mapView });
    const map = screen.getByTestId('geometry-map');
    expect(JSON.parse(map.getAttribute('data-view') ?? '')).toEqual(mapView);
    expect(map.getAttribute('data-around')).toBe('null');
  });

  it('loads the stored shapes, on a map that opens on the answer', async () => {
    const body = answersOf([stored(V_SELECT, 'geom_select', STORED)]).body;
    const geometry = { type: 'Point', coordinates: [23.7, 37.9] };
    await open({
      variables: [V_SELECT],
      routes: {
        [`GET ${ANSWERS_URL}`]: { status: 200, body: { ...body, choice: { ...body.choice, geometry } } },
      },
    });
    expect(list('shapes-geom_select')).toContain('1. Point at 37.97000, 23.73000');
    expect(
      (within(panel()).getByRole('combobox', { name: 'Choice of shape 1' }) as HTMLSelectElement).value,
    ).toBe('tree');
    expect(JSON.parse(screen.getByTestId('geometry-map').getAttribute('data-around') ?? '')).toEqual(
      geometry,
    );
  });

  it.each([
    ['en', '1. Point at 37.97000, 23.73000: Tree'],
    ['el', '1. Σημείο στο 37.97000, 23.73000: Tree'],
  ] as const)('lists the shapes read-only with their choices (%s)', async (locale, text) => {
    await open({
      variables: [V_SELECT],
      editable: false,
      locale,
      values: [stored(V_SELECT, 'geom_select', STORED)],
    });
    expect(list('shapes-geom_select')).toBe(text);
    expect(screen.getByTestId('geometry-map').getAttribute('data-readonly')).toBe('true');
    expect(within(panel()).queryByRole('button', { name: /Delete|Διαγραφή/ })).toBeNull();
    expect(within(panel()).queryByRole('combobox')).toBeNull();
  });
});
