import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import type { LatLng } from '@agora/contracts';
import { mockFetch, renderWeb, type FakeCall } from '../../../../scripts/jest/web';
import { AddressInput, type AddressValue } from './AddressInput';
import type { PointMapProps } from './PointMap';

// Leaflet needs a real browser: the map is replaced by a stand-in that can "drag" the marker.
jest.mock('./PointMap', () => ({
  __esModule: true,
  default: (props: PointMapProps) => (
    <div
      data-testid="point-map"
      data-zoom={props.zoom}
      data-center={`${props.center.lat};${props.center.lng}`}
    >
      <output data-testid="marker">{props.point ? `${props.point.lat};${props.point.lng}` : 'none'}</output>
      <button type="button" onClick={() => props.onMove({ lat: 37.9755, lng: 23.7348 })}>
        drag
      </button>
    </div>
  ),
}));

const GEO = 'https://geo.example.org';
let last: AddressValue | undefined;

function Harness({ geocoderUrl }: { geocoderUrl?: string | null }) {
  const [value, setValue] = useState<AddressValue>({
    address: { street: '', house_number: '', town: '', zip: '' },
    location: null,
  });
  return (
    <AddressInput
      value={value}
      geocoderUrl={geocoderUrl}
      onChange={(v) => {
        last = v;
        setValue(v);
      }}
    />
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const geoCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.startsWith(GEO)).map((c) => c.url);
const tick = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  jest.useFakeTimers();
  last = undefined;
});
afterEach(() => jest.useRealTimers());

const SEARCH =
  `${GEO}/search?format=json&street=12+%CE%95%CF%81%CE%BC%CE%BF%CF%8D&city=%CE%91%CE%B8%CE%AE%CE%BD%CE%B1` +
  '&postalcode=10563&countrycodes=gr&accept-language=el';

async function fillAll() {
  type('Street', 'Ερμού');
  type('Number', '12');
  type('Town', 'Αθήνα');
}

describe('AddressInput', () => {
  it('looks the address up 700 ms after the last change, only when all four parts are filled', async () => {
    const calls = mockFetch({ [`GET ${SEARCH}`]: { status: 200, body: [{ lat: '37.976', lon: '23.728' }] } });
    await renderWeb(<Harness geocoderUrl={GEO} />);
    await tick(0);
    expect(screen.getByTestId('point-map').dataset).toMatchObject({ zoom: '17', center: '38.02;23.8' });
    await fillAll();
    await tick(2000);
    expect(geoCalls(calls)).toEqual([]);
    type('Postal code', '105');
    await tick(300);
    type('Postal code', '105 63');
    await tick(699);
    expect(geoCalls(calls)).toEqual([]);
    await tick(1);
    expect(geoCalls(calls)).toEqual([SEARCH]);
    await tick(0);
    expect(last?.location).toEqual({ lat: 37.976, lng: 23.728 });
    expect(screen.getByTestId('marker').textContent).toBe('37.976;23.728');
  });

  it('does not look up an address with an invalid part, and says which part is wrong', async () => {
    const calls = mockFetch({});
    await renderWeb(<Harness geocoderUrl={GEO} />);
    await fillAll();
    type('Postal code', '1056');
    await tick(1000);
    expect(geoCalls(calls)).toEqual([]);
    expect(screen.getByText('3 digits, an optional space and 2 digits.')).toBeTruthy();
    expect(screen.getByLabelText('Postal code').getAttribute('aria-invalid')).toBe('true');
  });

  it('fills the address from the marker (reverse lookup)', async () => {
    const reverse = `${GEO}/reverse?format=json&lat=37.9755&lon=23.7348&addressdetails=1&accept-language=el`;
    const calls = mockFetch({
      [`GET ${reverse}`]: {
        status: 200,
        body: {
          address: { road: 'Βασιλίσσης Σοφίας', house_number: '2', village: 'Αθήνα', postcode: '106 74' },
        },
      },
    });
    await renderWeb(<Harness geocoderUrl={GEO} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'drag' }));
    });
    await tick(0);
    expect(last).toEqual({
      address: { street: 'Βασιλίσσης Σοφίας', house_number: '2', town: 'Αθήνα', zip: '106 74' },
      location: { lat: 37.9755, lng: 23.7348 } satisfies LatLng,
    });
    expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('Βασιλίσσης Σοφίας');
    // the address that came from the marker is not looked up again
    await tick(1000);
    expect(geoCalls(calls)).toEqual([reverse]);
  });

  it('keeps working quietly when the geocoder cannot be reached', async () => {
    mockFetch({ [`GET ${SEARCH}`]: Promise.reject(new TypeError('Failed to fetch')) });
    await renderWeb(<Harness geocoderUrl={GEO} />, { locale: 'el' });
    type('Οδός', 'Ερμού');
    type('Αριθμός', '12');
    type('Πόλη', 'Αθήνα');
    type('Ταχυδρομικός κώδικας', '105 63');
    await tick(700);
    await tick(0);
    expect(screen.getByTestId('geocoder-status').textContent).toContain('δεν είναι διαθέσιμη');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'drag' }));
    });
    expect(last?.location).toEqual({ lat: 37.9755, lng: 23.7348 });
  });

  it('makes no lookups without a geocoder (settings say null)', async () => {
    const calls = mockFetch({ 'GET /api/settings': { status: 200, body: { geocoderUrl: null } } });
    await renderWeb(<Harness />);
    await fillAll();
    type('Postal code', '105 63');
    await tick(1000);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'drag' }));
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/settings']);
    expect(last?.location).toEqual({ lat: 37.9755, lng: 23.7348 });
  });

  it('takes the location typed in EPSG:2100 (the default), EPSG:4326 or EPSG:3857, and moves the marker', async () => {
    mockFetch({ 'GET /api/settings': { status: 200, body: { geocoderUrl: null } } });
    await renderWeb(<Harness />);
    await tick(0);
    const crs = (await screen.findByLabelText('Coordinate system')) as HTMLSelectElement;
    expect(crs.value).toBe('EPSG:2100');
    type('X (easting)', '475920.265');
    type('Y (northing)', '4203764.699');
    expect(last?.location?.lat).toBeCloseTo(37.9838, 5);
    expect(last?.location?.lng).toBeCloseTo(23.7275, 5);
    expect(screen.getByTestId('marker').textContent).toBe(`${last!.location!.lat};${last!.location!.lng}`);
    // a marker moved on the map shows in the typed system
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'drag' }));
    });
    await act(async () => {
      fireEvent.change(crs, { target: { value: 'EPSG:4326' } });
    });
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('37.9755');
    expect((screen.getByLabelText('Longitude') as HTMLInputElement).value).toBe('23.7348');
  });
});
