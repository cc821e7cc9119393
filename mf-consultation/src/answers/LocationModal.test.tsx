import { fireEvent, screen, within } from '@testing-library/react';
import { mockFetch, renderWeb } from '../../../scripts/jest/web';
import type { PointMapProps } from '../../../packages/platform/src/map/PointMap';
import { messages } from '../i18n';
import { LocationModal } from './LocationModal';

// Leaflet needs a real browser: the map is a stand-in showing its marker and "clicking" a point.
jest.mock('../../../packages/platform/src/map/PointMap', () => ({
  __esModule: true,
  default: (props: PointMapProps) => (
    <div
      data-testid="point-map"
      aria-label={props.label}
      data-center={`${props.center.lat};${props.center.lng}`}
    >
      <output data-testid="marker">{props.point ? `${props.point.lat};${props.point.lng}` : 'none'}</output>
      <button type="button" onClick={() => props.onMove({ lat: 38.1, lng: 23.9 })}>
        click the map
      </button>
    </div>
  ),
}));

async function open(value: { lat: number; lng: number } | null, locale: 'el' | 'en' = 'en') {
  mockFetch({});
  const onChange = jest.fn();
  const onClose = jest.fn();
  await renderWeb(<LocationModal value={value} onChange={onChange} onClose={onClose} />, {
    messages,
    locale,
  });
  const modal = await screen.findByTestId('location-modal');
  await within(modal).findByTestId('point-map');
  return { modal, onChange, onClose };
}

describe('LocationModal', () => {
  it('hands over the point clicked on the map when confirmed', async () => {
    const { modal, onChange, onClose } = await open(null);
    const use = within(modal).getByRole('button', { name: 'Use this location' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
    expect(screen.getByTestId('marker').textContent).toBe('none');
    fireEvent.click(within(modal).getByRole('button', { name: 'click the map' }));
    expect(screen.getByTestId('marker').textContent).toBe('38.1;23.9');
    fireEvent.click(use);
    expect(onChange).toHaveBeenCalledWith({ lat: 38.1, lng: 23.9 });
    expect(onClose).toHaveBeenCalled();
  });

  it('takes the point typed as coordinates (EPSG:2100 first, 4326 on choice) for keyboard users', async () => {
    const { modal, onChange } = await open({ lat: 37.9838, lng: 23.7275 });
    expect(screen.getByTestId('point-map').getAttribute('data-center')).toBe('37.9838;23.7275');
    const crs = within(modal).getByLabelText('Coordinate system') as HTMLSelectElement;
    expect(crs.value).toBe('EPSG:2100');
    fireEvent.change(crs, { target: { value: 'EPSG:4326' } });
    fireEvent.change(within(modal).getByLabelText(/^Latitude/), { target: { value: '40.5' } });
    fireEvent.change(within(modal).getByLabelText(/^Longitude/), { target: { value: '22.9' } });
    expect(screen.getByTestId('marker').textContent).toBe('40.5;22.9');
    fireEvent.click(within(modal).getByRole('button', { name: 'Use this location' }));
    expect(onChange).toHaveBeenCalledWith({ lat: 40.5, lng: 22.9 });
  });

  it('leaves the value alone when cancelled, in Greek', async () => {
    const { modal, onChange, onClose } = await open({ lat: 37.9838, lng: 23.7275 }, 'el');
    expect(within(modal).getByRole('heading').textContent).toBe('Τοποθεσία');
    fireEvent.click(within(modal).getByRole('button', { name: 'click the map' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Ακύρωση' }));
    expect(onClose).toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
