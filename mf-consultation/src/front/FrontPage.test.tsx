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
});
