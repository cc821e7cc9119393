import { fireEvent, screen, within } from '@testing-library/react';
import type { DataRequestAnswer, DataRequestsPageAnswer } from '@agora/contracts/api';
import { adminUser, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import App from '../App';

function request(id: string, over: Partial<DataRequestAnswer> = {}): DataRequestAnswer {
  return {
    id,
    kind: 'deletion',
    requested_by: 'self',
    state: 'done',
    requested: '2026-12-07T10:15:00.000Z',
    finished: '2026-12-07T10:15:02.000Z',
    code: null,
    counts: { erased_answers: 2, detached_answers: 5, files: 1, sessions: 1 },
    user: null,
    ...over,
  };
}

const page = (values: DataRequestAnswer[], pageNo = 1, pages = 1) => ({
  status: 200,
  body: { values, page: pageNo, total_pages: pages, total: values.length } satisfies DataRequestsPageAnswer,
});

const render = (locale: 'el' | 'en' = 'en', route = '/admin/users/requests') =>
  renderWeb(<App basePath="" />, { route, user: adminUser, locale });

describe('the requests for personal data', () => {
  it.each([
    ['en', 'Requests for personal data', 'deleted account', 'Deletion of the account', '2 answers deleted'],
    [
      'el',
      'Αιτήματα για προσωπικά δεδομένα',
      'διαγραμμένος λογαριασμός',
      'Διαγραφή λογαριασμού',
      '2 απαντήσεις διαγράφηκαν',
    ],
  ] as const)(
    'lists exports and deletions, a deleted account naming no one (%s)',
    async (locale, title, deleted, deletion, erased) => {
      mockFetch({
        'GET /api/users/data-requests?page=1': page([
          request('r-2'),
          request('r-1', {
            kind: 'export',
            counts: {},
            user: { uuid: 'u-1', username: 'zoe', name: 'Ζωή Κ' },
          }),
        ]),
      });
      await render(locale);
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      const rows = await screen.findAllByTestId('request-row');
      expect(rows).toHaveLength(2);
      const first = within(rows[0]!);
      expect(first.getByTestId('request-deleted-user').textContent).toBe(deleted);
      expect(first.getByText(deletion)).toBeTruthy();
      expect(first.getByText(erased)).toBeTruthy();
      expect(within(rows[1]!).getByText('Ζωή Κ')).toBeTruthy();
      expect(within(rows[1]!).getByText('(zoe)')).toBeTruthy();
    },
  );

  it('filters by kind, pages through, and says why a request failed', async () => {
    const calls = mockFetch({
      'GET /api/users/data-requests?page=1': page([request('r-3')], 1, 2),
      'GET /api/users/data-requests?page=2': page([request('r-0')], 2, 2),
      'GET /api/users/data-requests?page=1&kind=deletion': page([
        request('r-4', {
          state: 'failed',
          finished: null,
          code: 'ACCOUNTS.DELETION_UNAVAILABLE',
          counts: {},
        }),
      ]),
    });
    await render();
    expect((await screen.findByTestId('requests-page')).textContent).toBe('Page 1 of 2');
    await click(screen.getByTestId('requests-older'));
    expect((await screen.findByTestId('requests-page')).textContent).toBe('Page 2 of 2');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'deletion' } });
    expect(await screen.findByText(/The account cannot be deleted right now/)).toBeTruthy();
    expect(screen.getByText('failed')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/users/data-requests?page=1',
      '/api/users/data-requests?page=2',
      '/api/users/data-requests?page=1&kind=deletion',
    ]);
  });

  it('is linked from the users screen', async () => {
    mockFetch({});
    await render('en', '/admin/users/list');
    const link = await screen.findByTestId('users-requests');
    expect(link.getAttribute('href')).toBe('/admin/users/requests');
  });
});
