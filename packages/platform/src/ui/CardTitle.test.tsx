import { screen } from '@testing-library/react';
import { renderWeb } from '../../../../scripts/jest/web';
import { CardTitle } from './CardTitle';

const LONG =
  'Πεζοδρόμηση οδού Αιόλου και των γύρω οδών του ιστορικού κέντρου — Aiolou pedestrian street, Athens';

describe('CardTitle', () => {
  it('cuts the display only: the whole title is its tooltip and its accessible name', async () => {
    await renderWeb(<CardTitle as="h3" id="p1" title={LONG} href="/participate/x" lines={2} />);
    const heading = screen.getByRole('heading', { level: 3, name: LONG });
    expect(heading.id).toBe('p1');
    expect(heading.getAttribute('title')).toBe(LONG);
    expect(heading.style.getPropertyValue('--ag-card-title-lines')).toBe('2');
    const link = screen.getByRole('link', { name: LONG });
    expect(link.getAttribute('href')).toBe('/participate/x');
    expect(link.className).toBe('ag-card-title-text');
  });

  it('is a plain text inside a link that is the whole card', async () => {
    await renderWeb(
      <a href="/data">
        <CardTitle as="span" title={LONG} />
      </a>,
    );
    expect(screen.getByRole('link', { name: LONG })).toBeTruthy();
    expect(screen.getByTitle(LONG).tagName).toBe('SPAN');
  });
});
