import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import type { LatLng } from '@agora/contracts';
import { renderWeb } from '../../../../scripts/jest/web';
import { CoordinateInput } from './index';

let last: LatLng | null | undefined;

function Harness({ initial }: { initial: LatLng | null }) {
  const [value, setValue] = useState(initial);
  return (
    <CoordinateInput
      value={value}
      onChange={(v) => {
        last = v;
        setValue(v);
      }}
    />
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('CoordinateInput', () => {
  beforeEach(() => {
    last = undefined;
  });

  it('shows EPSG:2100 first, converts on a change of system, and keeps WGS84 in state', async () => {
    await renderWeb(<Harness initial={{ lat: 37.9838, lng: 23.7275 }} />);
    expect(await screen.findByLabelText('Coordinate system')).toBeTruthy();
    expect((screen.getByLabelText('Coordinate system') as HTMLSelectElement).value).toBe('EPSG:2100');
    expect(input('X (easting)').value).toBe('475920.265');
    expect(input('Y (northing)').value).toBe('4203764.699');
    expect(input('X (easting)').step).toBe('0.001');

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Coordinate system'), { target: { value: 'EPSG:4326' } });
    });
    expect(input('Latitude').value).toBe('37.9838');
    expect(input('Longitude').value).toBe('23.7275');
    expect(input('Latitude').step).toBe('1e-8');

    fireEvent.change(input('Latitude'), { target: { value: '38.1' } });
    expect(last).toEqual({ lat: 38.1, lng: 23.7275 });

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Coordinate system'), { target: { value: 'EPSG:3857' } });
    });
    expect(Number(input('X (easting)').value)).toBeCloseTo(2641333.218, 2);
  });

  it('refuses values out of the range of the system', async () => {
    await renderWeb(<Harness initial={null} />);
    await screen.findByLabelText('Coordinate system');
    fireEvent.change(input('X (easting)'), { target: { value: '475920.27' } });
    fireEvent.change(input('Y (northing)'), { target: { value: '3000000' } });
    expect(last).toBeUndefined();
    expect(input('Y (northing)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The value must be between 3691163.514 and 4641211.322.')).toBeTruthy();
    fireEvent.change(input('Y (northing)'), { target: { value: '4203764.70' } });
    expect(last?.lat).toBeCloseTo(37.9838, 6);
    expect(last?.lng).toBeCloseTo(23.7275, 6);
  });
});
