import { act, screen } from '@testing-library/react';
import { mockFetch, participantUser, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import { categoryCard, projectCard } from './testdata';

afterEach(() => {
  jest.useRealTimers();
});

/** Lets `seconds` of fake time pass, one tick at a time, as the countdown sees them. */
async function pass(seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
  }
}

describe('mf-consultation /participate', () => {
  it("lists the participant's categories with project cards linked to their questionnaires", async () => {
    const calls = mockFetch({
      'GET /api/data/scope/profile': {
        status: 200,
        body: {
          values: [
            {
              category: categoryCard(1),
              role: 'normal',
              has_answered: true,
              projects: [projectCard(1, 'open'), projectCard(2, 'upcoming'), projectCard(3, 'closed')],
            },
          ],
        },
      },
    });
    await renderWeb(<App basePath="" />, { route: '/participate', user: participantUser });
    const section = await screen.findByTestId('participate-category');
    expect(section.querySelector('h2')?.textContent).toBe('Category 1');
    expect(screen.getByRole('link', { name: 'Category 1' }).getAttribute('href')).toBe(
      '/participate/category/category-1',
    );
    expect(screen.getByAltText('Picture of category 1')).toBeTruthy();
    expect(screen.getByTestId('participate-role').textContent).toBe('Participant');
    expect(screen.getAllByTestId('project-state').map((b) => b.textContent)).toEqual([
      'Open',
      'Upcoming',
      'Closed',
    ]);
    expect(screen.getByRole('link', { name: 'Project 1' }).getAttribute('href')).toBe(
      '/participate/category/category-1/project/project-1',
    );
    expect(screen.getAllByTestId('project-card')[0]?.textContent).toContain('From 01/05/2026 to 30/06/2026');
    // titles are cut to a few lines on the cards: the whole title is the tooltip of the category's and each card's
    expect(section.querySelector('h2')?.getAttribute('title')).toBe('Category 1');
    expect(
      screen.getAllByTestId('project-card').map((c) => c.querySelector('h3')?.getAttribute('title')),
    ).toEqual(['Project 1', 'Project 2', 'Project 3']);
    expect(screen.queryByTestId('enrol-countdown')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/data/scope/profile']);
  });

  it('counts 20 seconds down, announced politely, then opens /enroll', async () => {
    jest.useFakeTimers();
    mockFetch({ 'GET /api/data/scope/profile': { status: 200, body: { values: [] } } });
    await renderWeb(<App basePath="" />, { route: '/participate', user: participantUser, probe: true });
    expect(await screen.findByTestId('enrol-countdown')).toBeTruthy();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('20 seconds');
    const announcement = screen.getByTestId('countdown-announcement');
    expect(announcement.getAttribute('aria-live')).toBe('polite');
    expect(announcement.textContent).toContain('20 seconds');
    await pass(10);
    expect(screen.getByRole('timer').textContent).toBe('10 seconds');
    expect(announcement.textContent).toContain('10 seconds');
    await pass(9);
    expect(screen.getByRole('timer').textContent).toBe('1 second');
    expect(screen.getByTestId('location').textContent).toBe('/participate');
    await pass(1);
    expect(screen.getByTestId('location').textContent).toBe('/enroll');
  });

  it('offers a link to go at once, in Greek', async () => {
    jest.useFakeTimers();
    mockFetch({ 'GET /api/data/scope/profile': { status: 200, body: { values: [] } } });
    await renderWeb(<App basePath="" />, {
      route: '/participate',
      user: participantUser,
      locale: 'el',
      probe: true,
    });
    expect((await screen.findByRole('timer')).textContent).toBe('20 δευτερόλεπτα');
    const go = screen.getByRole('link', { name: 'Μετάβαση τώρα' });
    expect(go.getAttribute('href')).toBe('/enroll');
  });
});
