import { screen, within } from '@testing-library/react';
import { click, mockFetch, participantUser, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import { categoryCard, projectCard } from '../categories/testdata';

const ROUTE = '/participate/category/category-1';
const KEY = 'GET /api/category/mname/category-1';

const page = (enrolment: 'expert' | 'normal' | null, canEnrol: boolean) => ({
  status: 200,
  body: {
    category: categoryCard(1),
    projects: [projectCard(1, 'open'), projectCard(2, 'closed')],
    enrolment,
    can_enrol: canEnrol,
  },
});

describe('mf-consultation public category page', () => {
  it('shows a visitor the category, its projects without links, and a login link that comes back', async () => {
    mockFetch({ [KEY]: page(null, false) });
    await renderWeb(<App basePath="" />, { route: ROUTE, user: null });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Category 1');
    expect(screen.getByTestId('category-image').getAttribute('alt')).toBe('Picture of category 1');
    expect(screen.getByText('Summary of category 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to join' }).getAttribute('href')).toBe(
      '/login?next=%2Fparticipate%2Fcategory%2Fcategory-1',
    );
    expect(screen.queryByTestId('enrol-button')).toBeNull();
    const cards = screen.getAllByTestId('project-card');
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(within(card).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('share-widget')).toBeTruthy();
  });

  it('links an enrolled participant to the questionnaires, with no enrol button', async () => {
    mockFetch({ [KEY]: page('expert', false) });
    await renderWeb(<App basePath="" />, { route: ROUTE, user: participantUser, locale: 'el' });
    expect((await screen.findByTestId('category-enrolment')).textContent).toBe(
      'Συμμετέχετε σε αυτή την κατηγορία ως ειδικός.',
    );
    expect(screen.getByRole('link', { name: 'Project 1' }).getAttribute('href')).toBe(
      '/participate/category/category-1/project/project-1',
    );
    expect(screen.getByRole('link', { name: 'Project 2' })).toBeTruthy();
    expect(screen.getAllByTestId('project-state').map((s) => s.textContent)).toEqual(['Ανοιχτό', 'Έκλεισε']);
    expect(screen.queryByTestId('enrol-button')).toBeNull();
    expect(screen.queryByTestId('category-login')).toBeNull();
    expect(screen.queryByTestId('category-closed')).toBeNull();
  });

  it('offers a participant who is not enrolled the enrol button and its confirmation', async () => {
    mockFetch({ [KEY]: page(null, true) });
    await renderWeb(<App basePath="" />, { route: ROUTE, user: participantUser });
    await click(await screen.findByRole('button', { name: 'Join' }));
    expect(within(screen.getByTestId('confirm-dialog')).getByRole('heading').textContent).toBe(
      'Join «Category 1»?',
    );
    for (const card of screen.getAllByTestId('project-card'))
      expect(within(card).queryByRole('link')).toBeNull();
  });

  it('offers a visitor a plain login link where the category does not take enrolments', async () => {
    mockFetch({
      [KEY]: {
        status: 200,
        body: { ...page(null, false).body, category: categoryCard(1, { autosubscribe: false }) },
      },
    });
    await renderWeb(<App basePath="" />, { route: ROUTE, user: null, locale: 'el' });
    expect((await screen.findByTestId('category-login')).textContent).toBe('Συνδεθείτε για να συμμετάσχετε');
  });

  it('has no enrol button where the category does not take enrolments', async () => {
    mockFetch({ [KEY]: page(null, false) });
    await renderWeb(<App basePath="" />, { route: ROUTE, user: participantUser });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('enrol-button')).toBeNull();
    expect(screen.getByTestId('category-closed').textContent).toBe(
      'This category is not open to everyone: its participants are enrolled by the administrators or by invitation.',
    );
  });

  it.each([
    ['en', 'Nothing in this category is open at the moment: its projects are being prepared.'],
    ['el', 'Προς το παρόν δεν είναι ανοιχτό τίποτα σε αυτή την κατηγορία: τα έργα της ετοιμάζονται.'],
  ] as const)(
    'tells a member of an inactive category (%s) that its projects are being prepared',
    async (locale, text) => {
      mockFetch({
        [KEY]: {
          status: 200,
          body: {
            category: categoryCard(1, { active: false }),
            projects: [],
            enrolment: 'normal',
            can_enrol: false,
          },
        },
      });
      await renderWeb(<App basePath="" />, { route: ROUTE, user: participantUser, locale });
      expect((await screen.findByTestId('category-dormant')).textContent).toBe(text);
      expect(screen.getByTestId('category-enrolment')).toBeTruthy();
      expect(screen.queryByTestId('project-card')).toBeNull();
      expect(screen.queryByTestId('enrol-button')).toBeNull();
    },
  );

  it('shows the 404 page for an unknown category', async () => {
    mockFetch({});
    await renderWeb(<App basePath="" />, { route: '/participate/category/nothing', user: null });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});
