import { fireEvent, screen, within } from '@testing-library/react';
import type { AuditEntry, AuditPageAnswer } from '@agora/contracts/api';
import { adminUser, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import App from '../App';

const HASH = 'a'.repeat(64);

function entry(id: string, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    service: 'accounts',
    at: '2026-12-07T10:15:00.000Z',
    actor: { uuid: adminUser.uuid, username: 'admin', role: 'admin' },
    ip: '192.0.2.10',
    request_id: `req-${id}`,
    action: 'users.update',
    object: { type: 'user', id: 'c0ffee00-0000-4000-8000-000000000001' },
    before: { role: 'authorized' },
    after: { role: 'editor' },
    detail: null,
    prev_hash: HASH,
    hash: HASH,
    ...over,
  };
}

const page = (
  entries: AuditEntry[],
  next: string | null = null,
  missing: AuditPageAnswer['missing'] = [],
) => ({
  status: 200,
  body: { entries, next, missing } satisfies AuditPageAnswer,
});

const render = (locale: 'el' | 'en' = 'en') =>
  renderWeb(<App basePath="" />, { route: '/admin/audit', user: adminUser, locale });

describe('the audit log', () => {
  it("names no one for the deletion of one's own account, only its uuid", async () => {
    const uuid = 'c0ffee00-0000-4000-8000-000000000009';
    mockFetch({
      'GET /api/audit': page([
        entry('3', {
          actor: { uuid, username: null, role: 'authorized' },
          action: 'users.delete_own',
          object: { type: 'user', id: uuid },
          before: { uuid },
          after: null,
        }),
      ]),
    });
    await render();
    const row = within((await screen.findAllByTestId('audit-row'))[0]!);
    expect(row.getByTestId('audit-actor-unnamed').textContent).toBe(`Deleted account ${uuid}`);
  });

  it('lists the newest entries with who, from where, what and the values before and after', async () => {
    mockFetch({
      'GET /api/audit': page([
        entry('2'),
        entry('9', {
          service: 'consultation',
          action: 'export.geojson',
          object: { type: 'project', id: 'p1' },
          before: null,
          after: null,
          detail: { within: 'POLYGON((23 37,24 37,24 38,23 37))' },
        }),
      ]),
    });
    await render();
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('users.update')).toBeTruthy();
    expect(first.getByText('192.0.2.10')).toBeTruthy();
    expect(first.getByText('Accounts')).toBeTruthy();
    expect(first.getByTestId('audit-before').textContent).toContain('"role": "authorized"');
    expect(first.getByTestId('audit-after').textContent).toContain('"role": "editor"');
    const second = within(rows[1]!);
    expect(second.getByText('Consultation')).toBeTruthy();
    expect(second.getByTestId('audit-detail').textContent).toContain('POLYGON');
    expect(second.queryByTestId('audit-before')).toBeNull();
    // the export of the same (unfiltered) log
    expect(screen.getByTestId('audit-csv').getAttribute('href')).toBe('/api/audit/csv');
  });

  it('searches with the filters, the whole last day included, and exports what it shows', async () => {
    // the days start at midnight where the browser is: the 1st through the end of the 7th
    const query = new URLSearchParams({
      user: 'maria',
      action: 'project.publish',
      from: new Date(2026, 11, 1).toISOString(),
      to: new Date(2026, 11, 8).toISOString(),
    }).toString();
    const calls = mockFetch({
      'GET /api/audit': page([entry('2')]),
      [`GET /api/audit?${query}`]: page([entry('5', { action: 'project.publish' })]),
    });
    await render();
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByLabelText('User (name or id)'), { target: { value: ' maria ' } });
    fireEvent.change(screen.getByLabelText('Action (e.g. users.update)'), {
      target: { value: 'project.publish' },
    });
    fireEvent.change(screen.getByLabelText('From (day)'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('To (day, included)'), { target: { value: '2026-12-07' } });
    click(screen.getByTestId('audit-search'));
    expect(await screen.findByText('project.publish')).toBeTruthy();
    expect(calls.map((c) => c.url)).toHaveLength(2);
    expect(screen.getByTestId('audit-csv').getAttribute('href')).toBe(`/api/audit/csv?${query}`);
  });

  it('refuses an action that is not a code before asking, as the server would', async () => {
    const calls = mockFetch({ 'GET /api/audit': page([]) });
    await render();
    expect(await screen.findByText('No entries match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Action (e.g. users.update)'), {
      target: { value: 'Drop table' },
    });
    click(screen.getByTestId('audit-search'));
    expect(await screen.findByText(/An action code: lower-case words joined by dots/)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('shows older entries from the cursor, and names the parts that could not be read', async () => {
    mockFetch({
      'GET /api/audit': page([entry('3')], 'cursor-1', ['library']),
      'GET /api/audit?cursor=cursor-1': page([entry('1', { action: 'users.create' })]),
    });
    await render();
    expect((await screen.findByTestId('audit-missing')).textContent).toContain('Library');
    click(screen.getByTestId('audit-more'));
    expect(await screen.findByText('users.create')).toBeTruthy();
    expect(screen.getAllByTestId('audit-row')).toHaveLength(2);
    // the last page: no cursor, no button; the entries of the part that did not answer are still missing above
    expect(screen.queryByTestId('audit-more')).toBeNull();
    expect(screen.getByTestId('audit-missing').textContent).toContain('Library');
  });

  it('speaks Greek', async () => {
    mockFetch({ 'GET /api/audit': page([entry('2', { service: 'mailing' })]) });
    await render('el');
    expect(await screen.findByRole('heading', { name: 'Αρχείο ενεργειών' })).toBeTruthy();
    expect(await screen.findByText('Αλληλογραφία και προσκλήσεις')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Αναζήτηση' })).toBeTruthy();
  });
});
