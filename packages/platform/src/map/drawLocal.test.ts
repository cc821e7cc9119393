import type * as Leaflet from 'leaflet';
import { applyDrawLocale, clone, DRAW_LOCAL_EL } from './drawLocal';

describe('leaflet-draw texts', () => {
  it('switches between Greek and leaflet-draw English', () => {
    const english = clone(DRAW_LOCAL_EL);
    english.draw.toolbar.buttons.polygon = 'Draw a polygon';
    english.draw.handlers.polygon.tooltip.start = 'Click to start drawing shape.';
    const L = { drawLocal: english } as unknown as typeof Leaflet;
    applyDrawLocale(L, 'el');
    expect(L.drawLocal.draw.toolbar.buttons.polygon).toBe('Σχεδίαση πολυγώνου');
    expect(L.drawLocal.draw.handlers.polygon.tooltip.start).toBe('Κάντε κλικ για να αρχίσει η σχεδίαση.');
    applyDrawLocale(L, 'en');
    expect(L.drawLocal.draw.toolbar.buttons.polygon).toBe('Draw a polygon');
    expect(L.drawLocal.draw.handlers.polygon.tooltip.start).toBe('Click to start drawing shape.');
  });
});
