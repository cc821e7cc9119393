import '../../../packages/platform/src/outbox/fakeIndexedDb.testutil';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addEntry, bytesOf, clearOutbox, getEntry } from '@agora/platform';
import { mockFetch, renderWeb } from '../../../scripts/jest/web';
import { installFakeXhr } from '../../../packages/library-ui/src/upload/fakeXhr.testutil';
import { messages } from '../i18n';
import { AnswerForm } from './AnswerForm';
import { ATTRIBUTE, V_FILES, V_TEXTS } from './fixtures.testutil';

const panel = () => screen.getByRole('tabpanel');
const type = (label: string, value: string) =>
  fireEvent.change(within(panel()).getByLabelText(label), { target: { value } });
const save = () =>
  act(async () => {
    fireEvent.click(within(panel()).getByRole('button', { name: /^Save/ }));
  });
const choose = (testId: string, chosen: File) =>
  fireEvent.change(screen.getByTestId(testId), { target: { files: [chosen] } });

async function open(pending: string, onClose = jest.fn()) {
  await renderWeb(
    <AnswerForm
      choice=""
      pending={pending}
      attribute={ATTRIBUTE}
      variables={[V_TEXTS, V_FILES]}
      projectMaxBytes={512 * 1024}
      editable
      onClose={onClose}
    />,
    { messages, locale: 'en' },
  );
  await screen.findByRole('tablist');
  return onClose;
}

beforeEach(async () => {
  await clearOutbox();
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
});

describe('the form of an answer kept offline', () => {
  it('checks the values as always and keeps them, the photo included, in the entry instead of sending', async () => {
    const kept = await addEntry({
      user: 'u-part',
      category: 'c',
      project: 'p',
      topic: 't',
      attribute: ATTRIBUTE.token,
      geometry: null,
      fingerprint: 'f',
      editing: true,
    });
    const calls = mockFetch({});
    const uploads = installFakeXhr();
    const onClose = await open(kept.id);
    type('Title *', 'Plane tree');
    type('Rating', '11');
    await save();
    expect(screen.getByTestId('answer-alert').textContent).toBe('The form contains invalid fields');
    type('Rating', '7');
    await save();
    await screen.findByTestId('variable-files');
    choose('file-files-photo', new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' }));
    await save();
    expect(screen.getByTestId('error-files-photo').textContent).toBe(
      'The file is too large (at most 512 KB).',
    );
    choose('file-files-photo', new File([new Uint8Array([1, 2, 3])], 'tree.png', { type: 'image/png' }));
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([]);
    expect(uploads).toEqual([]);

    const entry = (await getEntry(kept.id))!;
    expect(entry.values[V_TEXTS.token]).toEqual([
      { kind: 'string', value: 'Plane tree' },
      { kind: 'number', value: '7' },
    ]);
    const [photo] = entry.values[V_FILES.token]!;
    expect(photo).toMatchObject({
      kind: 'photo',
      value: 'tree.png',
      file: { name: 'tree.png', type: 'image/png' },
    });
    expect(new Uint8Array(photo!.file!.bytes)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await bytesOf(new Blob([photo!.file!.bytes]))).toHaveProperty('byteLength', 3);
  });

  it('opens again with the kept values', async () => {
    const kept = await addEntry({
      user: 'u-part',
      category: 'c',
      project: 'p',
      topic: 't',
      attribute: ATTRIBUTE.token,
      geometry: null,
      fingerprint: 'f',
      values: { [V_TEXTS.token]: [{ kind: 'string', value: 'Oak' }] },
    });
    mockFetch({});
    await open(kept.id);
    expect((within(panel()).getByLabelText('Title *') as HTMLInputElement).value).toBe('Oak');
  });
});
