import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderWeb } from '../../../../scripts/jest/web';
import type { Locale } from '../locale';
import { LocaleTabs } from './LocaleTabs';

function Editor({ edited }: { edited?: readonly Locale[] }) {
  const [locale, setLocale] = useState<Locale>('el');
  return (
    <LocaleTabs locale={locale} onSelect={setLocale} label="Language of the text" edited={edited}>
      <p data-testid="panel">{locale}</p>
    </LocaleTabs>
  );
}

describe('LocaleTabs', () => {
  it('names a tab per site locale in the interface language and shows the chosen one', async () => {
    await renderWeb(<Editor />);
    expect(screen.getByRole('tablist', { name: 'Language of the text' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Greek', 'English']);
    expect(screen.getByRole('tab', { name: 'Greek', selected: true })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Greek' }).textContent).toBe('el');

    fireEvent.click(screen.getByTestId('locale-tab-en'));
    expect(screen.getByRole('tab', { name: 'English', selected: true })).toBeTruthy();
    expect(screen.getByTestId('panel').textContent).toBe('en');
    // the arrow keys move between the locales as in any tab list
    fireEvent.keyDown(screen.getByTestId('locale-tab-en'), { key: 'ArrowRight' });
    expect(screen.getByTestId('panel').textContent).toBe('el');
    expect(document.activeElement).toBe(screen.getByTestId('locale-tab-el'));
  });

  it('marks the locales with unsaved changes, in Greek too', async () => {
    await renderWeb(<Editor edited={['en']} />, { locale: 'el' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Ελληνικά', 'Αγγλικά •']);
  });
});
