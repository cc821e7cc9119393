import { screen, waitFor } from '@testing-library/react';
import { adminUser, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { useActiveCategory } from './activeCategory';
import { NoActiveCategory } from './NoActiveCategory';
import { toShortName, typedShortName } from './shortName';
import type { CategoryAnswer } from '@agora/contracts/api';

const cat = (token: string, active: boolean): CategoryAnswer => ({
  token,
  mname: token,
  title: `Title ${token}`,
  summary: '',
  summary_img: '',
  summary_img_alt: '',
  active,
  autosubscribe: false,
  forum_welcome_message: '',
  has_answered: false,
  consultation: false,
  sort_order: 1,
  projects: [],
});

describe('toShortName', () => {
  it.each([
    ['Νέα Αγορά Θεσσαλονίκης', 'nea-agora-thessalonikis'],
    ['Ευρυτανία — Αύγουστος', 'evrytania-avgoustos'],
    ['Ψηφιακός Χάρτης Αγγλίας', 'psifiakos-chartis-anglias'],
    ['  Café Crème 2026! ', 'cafe-creme-2026'],
    ['Πλατεία Ομονοίας', 'plateia-omonoias'],
    ['---', ''],
  ])('%s → %s', (title, expected) => {
    expect(toShortName(title)).toBe(expected);
  });

  it('keeps within the length and never ends with a dash', () => {
    expect(toShortName('abc def', 4)).toBe('abc');
  });
});

describe('typedShortName', () => {
  it('keeps what the short-name field needs while the user types', () => {
    expect(typedShortName('Ερώτηση Χρήστη')).toBe('erotisi-christi');
    expect(typedShortName('  Café, Bar ')).toBe('cafe-bar-');
    expect(typedShortName('_x!y_z')).toBe('x-y_z');
    expect(typedShortName('abcdef', 4)).toBe('abcd');
  });
});

function Probe() {
  const { category, isLoading, setActive } = useActiveCategory();
  return (
    <div>
      <output data-testid="active">{isLoading ? 'loading' : (category?.token ?? 'none')}</output>
      <button type="button" onClick={() => void setActive('b')}>
        b
      </button>
      <button type="button" onClick={() => void setActive(null)}>
        none
      </button>
    </div>
  );
}

describe('useActiveCategory', () => {
  it('reads the active category from GET category and changes it with PUT category/token/{t}', async () => {
    document.cookie = 'token=t1';
    let list = [cat('a', true), cat('b', false)];
    const calls = mockFetch({
      'GET /api/category': () => ({ status: 200, body: list }),
      'PUT /api/category/token/b': (call) => {
        const on = (call.body as { active: boolean }).active;
        list = [cat('a', false), cat('b', on)];
        return { status: 200, body: list[1] };
      },
    });
    await renderWeb(<Probe />, { user: adminUser, messages });
    await waitFor(() => expect(screen.getByTestId('active').textContent).toBe('a'));
    await click(screen.getByText('b'));
    await waitFor(() => expect(screen.getByTestId('active').textContent).toBe('b'));
    await click(screen.getByText('none'));
    await waitFor(() => expect(screen.getByTestId('active').textContent).toBe('none'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/category/token/b', { active: true }],
      ['/api/category/token/b', { active: false }],
    ]);
  });

  it("shows 'please check or create a category' with a link to add one, in both languages", async () => {
    const { unmount } = await renderWeb(<NoActiveCategory basePath="/x" />, { locale: 'en', messages });
    expect(screen.getByTestId('no-active-category').textContent).toContain(
      'Please check or create a category.',
    );
    expect(screen.getByRole('link', { name: 'Add a category' }).getAttribute('href')).toBe(
      '/x/admin/administration/category/add',
    );
    unmount();
    await renderWeb(<NoActiveCategory />, { locale: 'el', messages });
    expect(screen.getByRole('link').textContent).toBe('Προσθήκη κατηγορίας');
  });
});
