import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Paged } from '@agora/contracts';
import type { UserAnswer } from '@agora/contracts/api';
import { mockFetch, renderWeb, type FakeCall } from '../../../../scripts/jest/web';
import { DataTable, type Column } from './DataTable';
import { csvField, toCsv } from './csv';
import { pageItems } from './pagination';
import { buildListPath, isListKey, useTableQuery } from './useTableQuery';

// The table reads a documented list path: the users list, with rows of its shape.
const USERS = '/api/users/page/{page}/sort/{field}/sort_method/{method}';
type Row = UserAnswer;

const columns: Column<Row>[] = [
  { key: 'lastname', header: 'Name', sort: true },
  { key: 'address', header: 'Town', sort: 'town_name' },
];

function Grid(props: { onDrop?: (r: Row) => void; onEdit?: (r: Row) => void }) {
  const table = useTableQuery({ path: USERS, sort: 'lastname', initialFilters: { kind: 'a' } });
  return (
    <DataTable
      table={table}
      columns={columns}
      rowKey={(r) => r.uuid}
      rowTestId="row"
      caption="People"
      searchable
      csvFileName="people"
      filters={[
        {
          key: 'kind',
          label: 'Kind',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        },
      ]}
      onDrop={props.onDrop}
      onEdit={props.onEdit}
    />
  );
}

const paged = (values: Row[], page = 1, total_pages = 1): Paged<Row> => ({ values, page, total_pages });
const row = (uuid: string, lastname: string, address: string): Row => ({
  uuid,
  username: `user${uuid}`,
  firstname: 'F',
  lastname,
  email: `user${uuid}@example.org`,
  role: 'authorized',
  phone: null,
  address,
  location: null,
  active: true,
  created: '2026-02-03T09:00:00Z',
  last_login: null,
  locale: 'el',
  results_mail: false,
});
const ROWS = [row('1', 'Ελένη', 'Αθήνα'), row('2', 'Bob "B"', 'Patra, Achaia')];
const gets = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET').map((c) => c.url);

afterEach(() => jest.useRealTimers());

describe('list paths, pages and CSV', () => {
  it('builds the spec path segments', () => {
    const state = { page: 2, sort: 'lastname', method: 'desc' as const, query: '', filters: {} };
    expect(buildListPath(USERS, state)).toBe('/api/users/page/2/sort/lastname/sort_method/desc');
    expect(buildListPath(USERS, { ...state, query: ' Μαρία ', filters: { role: 'admin', active: '' } })).toBe(
      '/api/users/page/2/sort/lastname/sort_method/desc/query/%CE%9C%CE%B1%CF%81%CE%AF%CE%B1/fq/role:admin',
    );
    expect(buildListPath(USERS, { ...state, filters: { role: 'admin', active: 'true' } }, 10000)).toBe(
      '/api/users/page/2/sort/lastname/sort_method/desc/fq/role:admin;active:true/limit/10000',
    );
    expect(buildListPath(USERS, { ...state, sort: 'a b' }, 5)).toBe(
      '/api/users/page/2/sort/a%20b/sort_method/desc/limit/5',
    );
  });

  it('tells the SWR keys of a list', () => {
    expect(isListKey(USERS, '/api/users/page/3/sort/lastname/sort_method/asc/fq/role:admin')).toBe(true);
    expect(isListKey(USERS, '/api/users/uuid/x')).toBe(false);
    expect(isListKey(USERS, ['/api/users/page/1'])).toBe(false);
  });

  it('lists page buttons with ellipses', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('quotes CSV fields and starts with a byte order mark', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(toCsv(['a', 'b'], [['Αθήνα', 1]])).toBe('\uFEFFa,b\r\nΑθήνα,1\r\n');
  });

  it('neutralises CSV cells that a spreadsheet would read as formulas', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-1,2')).toBe('"\'-1,2"');
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField(-3)).toBe('-3');
    expect(toCsv(['=name'], [['+30 210'], [{ a: '=b' }]])).toBe(
      '\uFEFF\'=name\r\n\'+30 210\r\n"{""a"":""=b""}"\r\n',
    );
  });
});

describe('DataTable', () => {
  it('loads the first page with the default sort and the initial filters, and sorts by heading', async () => {
    const calls = mockFetch({
      'GET /api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a': { status: 200, body: paged(ROWS) },
      'GET /api/users/page/1/sort/lastname/sort_method/desc/fq/kind:a': { status: 200, body: paged(ROWS) },
      'GET /api/users/page/1/sort/town_name/sort_method/asc/fq/kind:a': { status: 200, body: paged(ROWS) },
    });
    await renderWeb(<Grid />);
    expect(await screen.findAllByTestId('row')).toHaveLength(2);
    const nameHeading = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeading.getAttribute('aria-sort')).toBe('ascending');
    await act(async () => {
      fireEvent.click(within(nameHeading).getByRole('button'));
    });
    expect(nameHeading.getAttribute('aria-sort')).toBe('descending');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Town/ }));
    });
    expect(screen.getByRole('columnheader', { name: /Town/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(gets(calls)).toEqual([
      '/api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a',
      '/api/users/page/1/sort/lastname/sort_method/desc/fq/kind:a',
      '/api/users/page/1/sort/town_name/sort_method/asc/fq/kind:a',
    ]);
  });

  it('searches 500 ms after the last keystroke, filters, resets and goes back to page 1', async () => {
    jest.useFakeTimers();
    const calls = mockFetch({
      'GET /api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a': {
        status: 200,
        body: paged(ROWS, 1, 3),
      },
      'GET /api/users/page/2/sort/lastname/sort_method/asc/fq/kind:a': {
        status: 200,
        body: paged(ROWS, 2, 3),
      },
      'GET /api/users/page/1/sort/lastname/sort_method/asc/query/el/fq/kind:a': {
        status: 200,
        body: paged(ROWS),
      },
      'GET /api/users/page/1/sort/lastname/sort_method/asc/query/el/fq/kind:b': {
        status: 200,
        body: paged(ROWS),
      },
      'GET /api/users/page/1/sort/lastname/sort_method/asc': { status: 200, body: paged(ROWS) },
    });
    await renderWeb(<Grid />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    });
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'e' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(300);
    });
    fireEvent.change(search, { target: { value: 'el' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(499);
    });
    expect(gets(calls).some((u) => u.includes('/query/'))).toBe(false);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'b' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('grid-reset'));
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(gets(calls)).toEqual([
      '/api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a',
      '/api/users/page/2/sort/lastname/sort_method/asc/fq/kind:a',
      '/api/users/page/1/sort/lastname/sort_method/asc/query/el/fq/kind:a',
      '/api/users/page/1/sort/lastname/sort_method/asc/query/el/fq/kind:b',
      '/api/users/page/1/sort/lastname/sort_method/asc',
    ]);
    // one page: no pagination
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows first, previous, next and last with ellipses from 2 pages on', async () => {
    mockFetch({
      'GET /api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a': {
        status: 200,
        body: paged(ROWS, 1, 12),
      },
    });
    await renderWeb(<Grid />);
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    const labels = within(nav)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(labels).toEqual([
      'First page',
      'Previous page',
      'Page 1',
      'Page 2',
      'Page 12',
      'Next page',
      'Last page',
    ]);
    expect(within(nav).getByText('…')).toBeTruthy();
    expect((within(nav).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('exports every row as CSV with /limit/10000', async () => {
    const calls = mockFetch({
      'GET /api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a': {
        status: 200,
        body: paged(ROWS, 1, 2),
      },
      'GET /api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a/limit/10000': {
        status: 200,
        body: paged(ROWS),
      },
    });
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:x';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await renderWeb(<Grid />);
    await screen.findAllByTestId('row');
    await act(async () => {
      fireEvent.click(screen.getByTestId('grid-csv'));
    });
    expect(gets(calls)).toContain('/api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a/limit/10000');
    expect(names).toEqual(['people.csv']);
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0] as Blob);
    });
    // UTF-8 with its byte order mark
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe('\uFEFFlastname,address\r\nΕλένη,Αθήνα\r\n"Bob ""B""","Patra, Achaia"\r\n');
    click.mockRestore();
  });

  it('calls the row buttons with their row, in Greek too', async () => {
    mockFetch({
      'GET /api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a': { status: 200, body: paged(ROWS) },
    });
    const dropped: Row[] = [];
    await renderWeb(<Grid onDrop={(r) => dropped.push(r)} onEdit={() => undefined} />, { locale: 'el' });
    const rows = await screen.findAllByTestId('row');
    await act(async () => {
      fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Διαγραφή' }));
    });
    expect(dropped.map((r) => r.uuid)).toEqual(['2']);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Επεξεργασία' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Ενέργειες' })).toBeTruthy();
  });

  it('shows the no-permission page for a 403', async () => {
    mockFetch({
      'GET /api/users/page/1/sort/lastname/sort_method/asc/fq/kind:a': {
        status: 403,
        body: { Error: 'action denied' },
      },
    });
    await renderWeb(<Grid />);
    expect((await screen.findByTestId('error-403')).textContent).toContain('No permission');
    expect(screen.queryByText(/action denied/)).toBeNull();
  });

  it("shows the page's own rows as they are, with no toolbox, sorting or request, and the empty state", async () => {
    const calls = mockFetch({});
    const shown = await renderWeb(
      <DataTable
        rows={ROWS}
        columns={columns}
        rowKey={(r) => r.uuid}
        rowTestId="row"
        caption="People"
        empty="None"
      />,
    );
    const rows = screen.getAllByTestId('row');
    expect(rows.map((r) => r.textContent)).toEqual(['ΕλένηΑθήνα', 'Bob "B"Patra, Achaia']);
    expect(screen.getByRole('region', { name: 'People' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('grid-reset')).toBeNull();
    shown.unmount();
    await renderWeb(
      <DataTable rows={[]} columns={columns} rowKey={(r) => r.uuid} rowTestId="row" empty="None" />,
    );
    expect(screen.queryByTestId('row')).toBeNull();
    expect(screen.getByText('None')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
