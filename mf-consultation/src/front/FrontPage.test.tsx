import { screen } from '@testing-library/react';
import { mockFetch, participantUser, renderWeb } from '../../../scripts/jest/web';
import App from '../App';

describe('mf-consultation front page', () => {
  it('sends a participant without categories to the categories to join', async () => {
    mockFetch({});
    await renderWeb(<App basePath="" />, { route: '/', user: participantUser });
    expect(screen.getByTestId('front-next').textContent).toContain('Welcome, Νίκος.');
    expect(screen.getByRole('link', { name: 'Find a category to join' }).getAttribute('href')).toBe(
      '/enroll',
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Join a category',
      'Answer on the map',
      'See what others think',
    ]);
  });

  it('sends an enrolled participant to their categories, in Greek', async () => {
    mockFetch({});
    await renderWeb(<App basePath="" />, {
      route: '/',
      user: { ...participantUser, enrolments: [{ category: 'c1', role: 'normal' }] },
      locale: 'el',
    });
    expect(screen.getByRole('link', { name: 'Οι κατηγορίες μου' }).getAttribute('href')).toBe('/participate');
    expect(screen.getByRole('link', { name: 'Εγγραφή σε άλλες κατηγορίες' }).getAttribute('href')).toBe(
      '/enroll',
    );
  });

  it('offers visitors a sign-up link when registration is open', async () => {
    mockFetch({ 'GET /api/settings': { status: 200, body: { registration: true } } });
    await renderWeb(<App basePath="" />, { route: '/', user: null });
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/register',
    );
  });

  it("shows the title and text written in the settings, in the visitor's language or else the other", async () => {
    mockFetch({
      'GET /api/settings/scope/frontpage': {
        status: 200,
        body: {
          el: { title: 'Καλώς ήρθατε στη διαβούλευση', body: '<p>Πείτε μας <b>τη γνώμη σας</b>.</p>' },
          en: { title: 'Welcome to the consultation', body: '' },
        },
      },
    });
    const { unmount } = await renderWeb(<App basePath="" />, { route: '/', user: null, locale: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to the consultation' }),
    ).toBeTruthy();
    // no English text: the Greek one
    expect(screen.getByTestId('front-text').innerHTML).toBe('<p>Πείτε μας <b>τη γνώμη σας</b>.</p>');
    unmount();

    mockFetch({
      'GET /api/settings/scope/frontpage': {
        status: 200,
        body: { el: { title: '', body: '' }, en: { title: '', body: '' } },
      },
    });
    await renderWeb(<App basePath="" />, { route: '/', user: participantUser, locale: 'el' });
    expect(screen.queryByTestId('front-text')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });
});
