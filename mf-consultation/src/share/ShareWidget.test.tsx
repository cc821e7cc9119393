import { act, screen } from '@testing-library/react';
import { MessagesProvider } from '@agora/platform';
import { click, renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { ShareWidget } from './ShareWidget';

const URL_ = 'http://localhost/participate/category/category-1';
const enc = encodeURIComponent(URL_);

function widget(locale: 'el' | 'en' = 'en', url = '/participate/category/category-1') {
  return renderWeb(
    <MessagesProvider messages={messages}>
      <ShareWidget title="Category 1" url={url} />
    </MessagesProvider>,
    { locale },
  );
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ShareWidget', () => {
  it('shares through plain links in new windows, loading no script', async () => {
    const scripts = document.scripts.length;
    await widget();
    const hrefs = Object.fromEntries(
      ['email', 'facebook', 'x', 'linkedin', 'whatsapp'].map((key) => {
        const link = screen.getByTestId(`share-${key}`);
        if (key !== 'email') {
          expect(link.getAttribute('target')).toBe('_blank');
          expect(link.getAttribute('rel')).toContain('noopener');
        }
        return [key, link.getAttribute('href')];
      }),
    );
    expect(hrefs).toEqual({
      email: `mailto:?subject=Category%201&body=${encodeURIComponent(`Category 1\n${URL_}`)}`,
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${enc}`,
      x: `https://x.com/intent/tweet?url=${enc}&text=Category%201`,
      linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${enc}`,
      whatsapp: `https://wa.me/?text=${encodeURIComponent(`Category 1 ${URL_}`)}`,
    });
    expect(document.scripts.length).toBe(scripts);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('group', { name: 'Share «Category 1»' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Facebook (opens in a new window)' })).toBeTruthy();
  });

  it('copies the link and says so, in Greek', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await widget('el');
    await click(screen.getByRole('button', { name: 'Αντιγραφή συνδέσμου' }));
    expect(writeText).toHaveBeenCalledWith(URL_);
    const status = screen.getByTestId('share-status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Ο σύνδεσμος αντιγράφηκε.');
  });

  it('shows the link when it cannot be copied', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    await widget();
    await click(screen.getByTestId('share-copy'));
    expect(screen.getByTestId('share-status').textContent).toBe(
      `The link could not be copied. Here it is: ${URL_}`,
    );
  });

  it("uses the device's share sheet where there is one", async () => {
    const share = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await widget('en', 'https://agora.example.org/participate/category/category-1');
    expect(screen.queryByTestId('share-facebook')).toBeNull();
    await act(async () => {
      screen.getByRole('button', { name: 'Share…' }).click();
    });
    expect(share).toHaveBeenCalledWith({
      title: 'Category 1',
      url: 'https://agora.example.org/participate/category/category-1',
    });
  });
});
