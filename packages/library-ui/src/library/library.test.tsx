import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminUser, click, mockFetch, renderWeb } from '../../../../scripts/jest/web';
import { notificationsAtom } from '@agora/platform';
import { formFields, installFakeXhr } from '../upload/fakeXhr.testutil';
import { LibrarySelectModal } from './lazy';
import { MarkerSelectModal } from './lazy';
import { TagInput } from './TagInput';
import type { LibraryItem, Marker } from './types';

const item = (n: number): LibraryItem => ({
  uuid: `l-${n}`,
  title: `Image ${n}`,
  tags: ['a'],
  tooltip: '',
  description: '',
  documentation: '',
  alt_text: `alt ${n}`,
  resource: `/files/${n}.jpg`,
  thumbnail: `/thumbs/${n}.jpg`,
  width: 800,
  height: 600,
  mime: 'image/jpeg',
  owner: null,
  can_edit: true,
  can_delete: true,
  created: '2026-01-01T10:00:00Z',
});

function Tags({ allowNew, onChange }: { allowNew?: boolean; onChange?: (t: string[]) => void }) {
  const [tags, setTags] = useState<string[]>(['park']);
  return (
    <TagInput
      tags={tags}
      allowNew={allowNew}
      onChange={(t) => {
        setTags(t);
        onChange?.(t);
      }}
    />
  );
}

describe('TagInput', () => {
  it('suggests at most 8 tags from the autocomplete call, excluding chosen ones, and picks with the keyboard', async () => {
    const many = ['sea', 'seat', 'season', 'sesame', 'set', 'seven', 'severe', 'sewer', 'sextant', 'park'];
    const calls = mockFetch({
      'GET /api/library/autocomplete/tags/query/se/tags/park': { status: 200, body: many },
    });
    const seen: string[][] = [];
    await renderWeb(<Tags onChange={(t) => seen.push(t)} />, { user: adminUser });
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'se' } });
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(8);
    expect(options.map((o) => o.textContent)).not.toContain('park');
    expect(calls[0]?.url).toBe('/api/library/autocomplete/tags/query/se/tags/park');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(seen.at(-1)).toEqual(['park', 'seat']);
    expect(screen.getAllByTestId('tag-chip').map((c) => c.firstChild?.textContent)).toEqual(['park', 'seat']);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(seen.at(-1)).toEqual(['park']);
  });

  it('creates a new tag on Enter only when allowed', async () => {
    mockFetch({});
    const seen: string[][] = [];
    const { unmount } = await renderWeb(<Tags onChange={(t) => seen.push(t)} />, { user: adminUser });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'brand new' } });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect(seen).toEqual([]);
    unmount();
    await renderWeb(<Tags allowNew onChange={(t) => seen.push(t)} />, { user: adminUser });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'brand new' } });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect(seen).toEqual([['park', 'brand new']]);
  });
});

describe('LibrarySelectModal', () => {
  it('toggles images, loads more pages and returns the chosen items in order, fetching earlier choices by uuid', async () => {
    const calls = mockFetch({
      'GET /api/library/page/1': {
        status: 200,
        body: { values: [item(1), item(2)], page: 1, total_pages: 2, total: 3 },
      },
      'GET /api/library/page/2': {
        status: 200,
        body: { values: [item(3)], page: 2, total_pages: 2, total: 3 },
      },
      'GET /api/library/uuid/l-9': { status: 200, body: [item(9)] },
    });
    const accepted: LibraryItem[][] = [];
    await renderWeb(
      <LibrarySelectModal selected={['l-9']} onAccept={(i) => accepted.push(i)} onClose={() => undefined} />,
      { user: adminUser },
    );
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
    await screen.findAllByTestId('select-item');
    await click(screen.getByTestId('select-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('select-item')).toHaveLength(3));
    expect(screen.queryByTestId('select-load-more')).toBeNull();
    const options = screen.getAllByTestId('select-item');
    await click(options[2] as HTMLElement);
    fireEvent.keyDown(options[0] as HTMLElement, { key: ' ' });
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('3 selected')).toBeTruthy();
    await click(screen.getByTestId('select-accept'));
    await waitFor(() => expect(accepted).toHaveLength(1));
    expect(accepted[0]?.map((i) => i.uuid)).toEqual(['l-9', 'l-3', 'l-1']);
    expect(calls.map((c) => c.url)).toContain('/api/library/uuid/l-9');
  });

  it('single mode keeps one choice; the tag filter asks for items having all the tags (Greek texts)', async () => {
    const calls = mockFetch({
      'GET /api/library/page/1': {
        status: 200,
        body: { values: [item(1), item(2)], page: 1, total_pages: 1, total: 2 },
      },
      'GET /api/library/autocomplete/tags/query/pa': { status: 200, body: ['park'] },
      'GET /api/library/page/1/taglist/park': {
        status: 200,
        body: { values: [item(2)], page: 1, total_pages: 1, total: 1 },
      },
    });
    const accepted: LibraryItem[][] = [];
    await renderWeb(
      <LibrarySelectModal multiple={false} onAccept={(i) => accepted.push(i)} onClose={() => undefined} />,
      { user: adminUser, locale: 'el' },
    );
    expect(screen.getByRole('heading').textContent).toBe('Επιλογή εικόνας');
    const options = await screen.findAllByTestId('select-item');
    await click(options[0] as HTMLElement);
    await click(options[1] as HTMLElement);
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'pa' } });
    fireEvent.mouseDown(await screen.findByText('park'));
    await waitFor(() => expect(screen.getAllByTestId('select-item')).toHaveLength(1));
    expect(calls.map((c) => c.url)).toContain('/api/library/page/1/taglist/park');
    await click(screen.getByTestId('select-accept'));
    expect(accepted[0]?.map((i) => i.uuid)).toEqual(['l-2']);
  });
});

describe('MarkerSelectModal', () => {
  it('lists markers, refuses a non-SVG file and uploads an SVG to POST /api/marker', async () => {
    document.cookie = 'token=tok';
    let markers: Marker[] = [{ url: '/m/pin.svg', type: 'marker', name: 'pin' }];
    mockFetch({ 'GET /api/marker': () => ({ status: 200, body: markers }) });
    const requests = installFakeXhr((req) => {
      markers = [...markers, { url: '/m/new.svg', type: 'marker', name: 'new' }];
      req.respond(200, { url: '/m/new.svg' });
    });
    const picked: Marker[] = [];
    const { store } = await renderWeb(
      <MarkerSelectModal value="/m/pin.svg" onSelect={(m) => picked.push(m)} onClose={() => undefined} />,
      { user: adminUser },
    );
    const first = await screen.findByTestId('marker-choice');
    expect(first.getAttribute('aria-pressed')).toBe('true');
    const input = screen.getByTestId('marker-upload');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(screen.getByRole('alert').textContent).toContain('Only SVG');
    expect(requests).toHaveLength(0);
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'new.svg', { type: 'image/svg+xml' })] },
    });
    await waitFor(() => expect(screen.getAllByTestId('marker-choice')).toHaveLength(2));
    expect(requests[0]?.url).toBe('/api/marker');
    expect(formFields(requests[0]?.body ?? null)).toEqual({ file: 'file:new.svg' });
    expect(store.get(notificationsAtom).map((n) => n.body)).toContain('data uploaded');
    await click(screen.getAllByTestId('marker-choice')[1] as HTMLElement);
    expect(picked.map((m) => m.url)).toEqual(['/m/new.svg']);
  });
});
