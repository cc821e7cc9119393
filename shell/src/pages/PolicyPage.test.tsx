import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockFetch, renderWeb } from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import { PolicyPage } from './PolicyPage';

// The policy page states how long the answers stay linked to their people (decision 0089): a sentence and the
// open and published projects with their retention, under the administrator's text or the default one.

const RETENTION = {
  status: 200,
  body: {
    projects: [
      {
        token: '00000000-0000-4000-8000-0000000000a1',
        mname: 'seafront',
        title: 'Seafront',
        end_date: '2026-12-01',
        retention_days: 30,
        detach_date: '2026-12-31',
      },
      {
        token: '00000000-0000-4000-8000-0000000000a2',
        mname: 'square',
        title: 'Square',
        end_date: '2027-02-01',
        retention_days: 1,
        detach_date: '2027-02-02',
      },
      {
        token: '00000000-0000-4000-8000-0000000000a3',
        mname: 'park',
        title: 'Park',
        end_date: '2027-03-15',
        retention_days: null,
        detach_date: null,
      },
    ],
  },
};
const NO_TEXT = { status: 200, body: { el: { title: '', body: '' }, en: { title: '', body: '' } } };

function renderPolicy(locale: 'el' | 'en') {
  return renderWeb(
    <Routes>
      <Route path="/policy" element={<PolicyPage />} />
    </Routes>,
    { route: '/policy', user: null, locale, messages: shellMessages },
  );
}

const items = async () =>
  within(await screen.findByTestId('policy-retention-list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the retention on the policy page', () => {
  it('lists each open or published project with its retention, in English', async () => {
    mockFetch({ 'GET /api/settings/scope/policy': NO_TEXT, 'GET /api/project/retention': RETENTION });
    await renderPolicy('en');
    expect(await screen.findByTestId('policy-controller')).toBeTruthy();
    const section = screen.getByTestId('policy-retention');
    expect(within(section).getByRole('heading').textContent).toBe('How long your answers stay linked to you');
    expect(section.textContent).toContain('keeps the link until you delete your account');
    expect(await items()).toEqual([
      'Seafront: answers detached 30 days after 01/12/2026',
      'Square: answers detached 1 day after 01/02/2027',
      'Park: kept until you delete your account',
    ]);
  });

  it('in Greek', async () => {
    mockFetch({ 'GET /api/settings/scope/policy': NO_TEXT, 'GET /api/project/retention': RETENTION });
    await renderPolicy('el');
    expect(await items()).toEqual([
      'Seafront: οι απαντήσεις αποσυνδέονται 30 ημέρες μετά τις 01/12/2026',
      'Square: οι απαντήσεις αποσυνδέονται 1 ημέρα μετά τις 01/02/2027',
      'Park: διατηρούνται μέχρι να διαγράψετε τον λογαριασμό σας',
    ]);
  });

  it("follows the administrator's own text, which stays as written", async () => {
    mockFetch({
      'GET /api/settings/scope/policy': {
        status: 200,
        body: {
          el: { title: '', body: '' },
          en: { title: 'Our policy', body: '<p>We keep <b>little</b>.</p>' },
        },
      },
      'GET /api/project/retention': RETENTION,
    });
    await renderPolicy('en');
    expect(await screen.findByRole('heading', { name: 'Our policy' })).toBeTruthy();
    expect(screen.getByTestId('policy-text').innerHTML).toBe('<p>We keep <b>little</b>.</p>');
    expect(screen.queryByTestId('policy-controller')).toBeNull();
    expect(await items()).toHaveLength(3);
  });

  it('keeps the sentence without a list when the projects cannot be read', async () => {
    mockFetch({
      'GET /api/settings/scope/policy': NO_TEXT,
      'GET /api/project/retention': { status: 503, body: { Error: 'consultation unavailable' } },
    });
    await renderPolicy('en');
    expect(await screen.findByTestId('policy-retention')).toBeTruthy();
    expect(screen.queryByTestId('policy-retention-list')).toBeNull();
  });
});
