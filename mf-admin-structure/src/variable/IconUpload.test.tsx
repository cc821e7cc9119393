import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminUser, click, mockFetch, renderWeb, type FakeCall } from '../../../scripts/jest/web';
import App from '../App';
import { AttributeForm } from '../attribute/AttributeForm';
import { messages } from '../i18n';
import { iconFileProblem, iconFormData } from './IconUpload';
import type { AttributeAnswer, ProfileQuestionAnswer } from '@agora/contracts/api';

jest.mock('../../../packages/platform/src/map/DrawMapCanvas', () => ({
  __esModule: true,
  default: () => null,
}));

const PROJECT = '11111111-1111-4111-8111-111111111111';
const ATTRIBUTE = '22222222-2222-4222-8222-222222222222';

const png = (name = 'bench.png', bytes = 64) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

// jsdom has no object URLs: each preview gets its own
let previews = 0;
beforeAll(() => {
  Object.assign(URL, {
    createObjectURL: () => `blob:http://localhost/icon-${++previews}`,
    revokeObjectURL: () => undefined,
  });
});

/** Chooses `file` in the upload input of the picker `testId`. */
async function upload(testId: string, file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId(`${testId}-file`), { target: { files: [file] } });
  });
}

const form = (call: FakeCall | undefined) => call?.body as FormData;

describe('uploading an icon', () => {
  it('checks the kind and size of a chosen file before anything is sent', () => {
    expect(iconFileProblem(png())).toBeNull();
    expect(iconFileProblem(new File(['<svg/>'], 'pin.svg', { type: '' }))).toBeNull();
    expect(iconFileProblem(new File(['hi'], 'notes.txt', { type: 'text/plain' }))).toBe(
      'structure.variable.iconUploadType',
    );
    expect(iconFileProblem(png('big.png', 1024 * 1024 + 1))).toBe('structure.variable.iconUploadSize');
    const data = iconFormData(
      { mname: 'a', icon: 'blob:x', variable_type: [{ kind: 'text' }], n: null },
      {
        icon: png(),
      },
      true,
    );
    expect([...data.keys()]).toEqual(['_method', 'mname', 'variable_type', 'n', 'icon']);
    expect(data.get('variable_type')).toBe('[{"kind":"text"}]');
    expect(data.get('icon')).toBeInstanceOf(File);
  });

  it('variable form: previews the uploaded icon and sends it as the file `icon`; a wrong file is told at once', async () => {
    const calls = mockFetch({
      'GET /api/validation/scope/variable': {
        status: 200,
        body: { mname: { required: true, max_size: 60 } },
      },
      [`GET /api/attribute/project/${PROJECT}`]: {
        status: 200,
        body: [{ token: ATTRIBUTE, geom_type: null }],
      },
      [`GET /api/checkIfExists/scope/variable/field/mname/value/height?parent=${ATTRIBUTE}`]: {
        status: 200,
        body: false,
      },
      'POST /api/variable': {
        status: 415,
        body: {
          Error: 'icon: the icon must be an SVG, PNG, JPEG or WebP image',
          code: 'LIBRARY.NOT_AN_ICON',
          field: 'icon',
        },
      },
    });
    await renderWeb(<App basePath="" />, {
      route: `/admin/administration/project/${PROJECT}/topic/t1/attribute/${ATTRIBUTE}/variable/add`,
      user: adminUser,
    });
    const variableForm = await screen.findByTestId('variable-form');
    fireEvent.change(screen.getByLabelText(/Short name/), { target: { value: 'height' } });
    await click(document.getElementById('variable-type-text') as HTMLElement);

    await upload('variable-icon', new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('variable-icon-upload-error').textContent).toBe(
      'The icon must be an SVG, PNG, JPEG or WebP image.',
    );
    expect(screen.queryByTestId('variable-icon-preview')).toBeNull();

    await upload('variable-icon', png('ruler.png'));
    expect(screen.queryByTestId('variable-icon-upload-error')).toBeNull();
    const preview = screen.getByTestId('variable-icon-preview');
    expect(preview.getAttribute('src')).toMatch(/^blob:/);

    await act(async () => {
      fireEvent.submit(variableForm);
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = form(calls.find((c) => c.method === 'POST'));
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('icon') as File).name).toBe('ruler.png');
    expect(sent.getAll('icon')).toHaveLength(1);
    expect(sent.get('mname')).toBe('height');
    expect(sent.get('attribute')).toBe(ATTRIBUTE);
    expect(JSON.parse(sent.get('variable_type') as string)).toEqual([
      { kind: 'text', options: { required: false, label: '', placeholder: '' } },
    ]);
    // the library's refusal is shown under the icon
    expect((await screen.findByTestId('variable-icon-error')).textContent).toBe(
      'The icon must be an SVG, PNG, JPEG or WebP image.',
    );
  });

  it('attribute form: an uploaded icon is previewed and sent with the edit (PUT, _method put)', async () => {
    const stored: Partial<AttributeAnswer> = {
      token: ATTRIBUTE,
      node: 'N1',
      name: 'Δέντρα',
      mname: 'trees',
      icon: '/markers/pin.svg',
      icon_alt: '',
      has_geometry: false,
      geom_type: null,
      geom_color: '',
      max_geom: null,
      has_predefined: false,
      predefined: null,
      has_context: false,
      context: null,
      is_visible: true,
    };
    const calls = mockFetch({
      'GET /api/validation/scope/attribute': { status: 200, body: { name: { required: true } } },
      'GET /api/node/project/P1/token/N1': { status: 200, body: { token: 'N1', boundary: null } },
      [`GET /api/attribute/node/N1/token/${ATTRIBUTE}`]: { status: 200, body: stored },
      [`PUT /api/attribute/token/${ATTRIBUTE}`]: { status: 200, body: stored },
    });
    const onSaved = jest.fn();
    await renderWeb(
      <AttributeForm project="P1" node="N1" token={ATTRIBUTE} onSaved={onSaved} onCancel={() => undefined} />,
      { user: adminUser, messages },
    );
    await screen.findByTestId('attribute-form');
    expect(screen.getByTestId('attribute-icon').getAttribute('src')).toBe('/markers/pin.svg');
    expect(screen.getByTestId('attribute-icon-upload').textContent).toBe('Upload an icon');
    await upload('attribute-icon', png('tree.png'));
    expect(screen.getByTestId('attribute-icon').getAttribute('src')).toMatch(/^blob:/);
    await act(async () => {
      fireEvent.submit(screen.getByTestId('attribute-form'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = form(calls.find((c) => c.method === 'PUT'));
    expect([...sent.keys()]).toEqual(['_method', 'icon']);
    expect(sent.get('_method')).toBe('put');
    expect((sent.get('icon') as File).name).toBe('tree.png');
  });

  it('profile: a new question sends an uploaded choice icon as icons_i, and shows its refusal', async () => {
    const posts: FakeCall[] = [];
    mockFetch({
      'GET /api/category': {
        status: 200,
        body: [{ token: 'c1', mname: 'coast', title: 'Coast', active: true, sort_order: 1, projects: [] }],
      },
      'GET /api/validation/scope/consultationProfile': {
        status: 200,
        body: {
          question: { required: true },
          weight: { required: true },
          content: { required: true },
          icon: { required: true },
        },
      },
      'GET /api/marker': { status: 200, body: [{ url: '/markers/star.svg', type: 'marker', name: 'star' }] },
      'GET /api/consultationProfile/category/c1/role/expert': {
        status: 200,
        body: [] as ProfileQuestionAnswer[],
      },
      'GET /api/consultationProfile/category/c1/role/normal': { status: 200, body: [] },
      'POST /api/consultationProfile': (call) => {
        posts.push(call);
        return {
          status: 415,
          body: {
            Error: 'icons_1: the SVG contains a script',
            code: 'LIBRARY.UNSAFE_SVG',
            field: 'icons_1',
          },
        };
      },
    });
    await renderWeb(<App basePath="" />, { route: '/admin/administration/profile', user: adminUser });
    await click(await screen.findByTestId('add-question'));
    const question = screen.getByTestId('new-question');
    fireEvent.change(within(question).getByLabelText(/^Question/), { target: { value: 'How do you come?' } });
    fireEvent.change(within(question).getAllByLabelText(/^Weight/)[0] as HTMLElement, {
      target: { value: '1' },
    });
    await click(within(question).getByTestId('new-question-choice-add'));
    const contents = within(question).getAllByLabelText(/^Content/);
    const weights = within(question)
      .getAllByLabelText(/^Weight/)
      .slice(1);
    ['On foot', 'By boat'].forEach((text, i) => {
      fireEvent.change(contents[i] as HTMLElement, { target: { value: text } });
      fireEvent.change(weights[i] as HTMLElement, { target: { value: String(i + 1) } });
    });
    await click(within(question).getByTestId('new-question-expert-choice-1-icon-choose'));
    await click(await screen.findByTestId('marker-choice'));
    await upload(
      'new-question-expert-choice-2-icon',
      new File(['<svg/>'], 'boat.svg', { type: 'image/svg+xml' }),
    );
    expect(
      within(question).getByTestId('new-question-expert-choice-2-icon-preview').getAttribute('src'),
    ).toMatch(/^blob:/);
    await act(async () => {
      fireEvent.submit(question);
    });
    await waitFor(() => expect(posts).toHaveLength(1));
    const sent = form(posts[0]);
    expect(sent.get('question')).toBe('How do you come?');
    expect(JSON.parse(sent.get('choices') as string)).toEqual([
      { content: 'On foot', icon: '/markers/star.svg', weight: 1 },
      { content: 'By boat', weight: 2 },
    ]);
    expect((sent.get('icons_1') as File).name).toBe('boat.svg');
    expect(
      await within(question).findByText(
        'Icon of choice 2: The SVG contains scripts or links that are not allowed.',
      ),
    ).toBeTruthy();
  });
  it('profile: adding a choice and changing a choice send the uploaded icon as the file `icon`', async () => {
    const stored: ProfileQuestionAnswer = {
      token: 'q1',
      category: 'c1',
      role: 'expert',
      question: 'Do you own a boat?',
      weight: 1,
      sort_order: 1,
      choices: [{ id: 3, content: 'Yes', icon: '/markers/m3.svg', weight: 1, sort_order: 1 }],
    };
    const calls = mockFetch({
      'GET /api/category': {
        status: 200,
        body: [{ token: 'c1', mname: 'coast', title: 'Coast', active: true, sort_order: 1, projects: [] }],
      },
      'GET /api/validation/scope/consultationProfile': {
        status: 200,
        body: { content: { required: true }, icon: { required: true }, weight: { required: true } },
      },
      'GET /api/consultationProfile/category/c1/role/expert': { status: 200, body: [stored] },
      'GET /api/consultationProfile/category/c1/role/normal': { status: 200, body: [] },
      'POST /api/consultationWeight': { status: 200, body: stored.choices[0] },
      'PUT /api/consultationWeight/id/3': { status: 200, body: stored.choices[0] },
    });
    await renderWeb(<App basePath="" />, { route: '/admin/administration/profile', user: adminUser });
    const card = await screen.findByTestId('profile-question');
    await click(within(card).getByTestId('question-add-choice'));
    const adding = within(card).getByTestId('new-choice');
    fireEvent.change(within(adding).getByLabelText(/Content/), { target: { value: 'No' } });
    fireEvent.change(within(adding).getByLabelText(/Weight/), { target: { value: '0' } });
    await upload('question-q1-new-choice-icon', png('no.png'));
    await click(within(adding).getByTestId('new-choice-add'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const added = form(calls.find((c) => c.method === 'POST'));
    expect([...added.keys()]).toEqual(['question', 'content', 'weight', 'icon']);
    expect((added.get('icon') as File).name).toBe('no.png');

    await click(within(card).getByRole('button', { name: 'Edit choice 1' }));
    const editor = within(card).getByTestId('choice');
    const picker = editor.querySelector('[data-testid$="-icon-file"]') as HTMLElement;
    await act(async () => {
      fireEvent.change(picker, { target: { files: [png('yes.png')] } });
    });
    await click(within(card).getByTestId('choice-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const changed = form(calls.find((c) => c.method === 'PUT'));
    expect([...changed.keys()]).toEqual(['_method', 'icon']);
    expect((changed.get('icon') as File).name).toBe('yes.png');
  });
});
