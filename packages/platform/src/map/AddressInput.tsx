import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ADDRESS_PARTS,
  invalidAddressParts,
  isAddressComplete,
  type AddressPart,
  type AddressParts,
  type LatLng,
} from '@agora/contracts';
import { TextField } from '../forms/fields';
import { useApiGet } from '../useApi';
import { Loading } from '../ui/Loading';
import { geocode, GEOCODE_DEBOUNCE_MS, reverseGeocode } from './geocoder';
import { CoordinateInput } from './LazyCoordinateInput';
import './map.css';
import './AddressInput.css';

// Leaflet is loaded only by pages that show a map.
const PointMap = lazy(() => import('./PointMap'));

/** Address map defaults (spec part 1 §9). */
export const ADDRESS_MAP_CENTER: LatLng = { lat: 38.02, lng: 23.8 };
export const ADDRESS_MAP_ZOOM = 17;

export interface AddressValue {
  address: AddressParts;
  location: LatLng | null;
}

export interface AddressInputProps {
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  /**
   * Base URL of a Nominatim-compatible geocoder. Undefined: `geocoderUrl` of `GET /api/settings`; null: no
   * lookups (the inputs and the marker still work).
   */
  geocoderUrl?: string | null;
  required?: boolean;
  disabled?: boolean;
}

const LABELS: Record<AddressPart, string> = {
  street: 'platform.address.street',
  house_number: 'platform.address.number',
  town: 'platform.address.town',
  zip: 'platform.address.zip',
};

const INVALID: Record<AddressPart, string> = {
  street: 'platform.address.invalid.street',
  house_number: 'platform.address.invalid.number',
  town: 'platform.address.invalid.town',
  zip: 'platform.address.invalid.zip',
};

/**
 * The address picker (spec part 1 §3, §5, §7, §9): street, number, town and zip checked against the spec's
 * patterns; 700 ms after the last change of a complete, valid address it asks the geocoder where it is; moving
 * the marker asks the geocoder for the address there. A geocoder that cannot be reached only shows a quiet note.
 */
export function AddressInput({ value, onChange, geocoderUrl, required, disabled }: AddressInputProps) {
  const intl = useIntl();
  const { data: settings } = useApiGet('/api/settings', geocoderUrl === undefined ? {} : null);
  const base = geocoderUrl === undefined ? (settings?.geocoderUrl ?? null) : geocoderUrl;
  const [status, setStatus] = useState<'idle' | 'searching' | 'notFound' | 'unreachable'>('idle');
  const [touched, setTouched] = useState<Partial<Record<AddressPart, boolean>>>({});

  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  /** the address text the last reverse lookup wrote: no forward lookup for it */
  const fromReverse = useRef<string | null>(null);

  const addressKey = ADDRESS_PARTS.map((p) => value.address[p]).join('\u0000');
  const invalid = invalidAddressParts(value.address);

  // Forward lookup: 700 ms after the last change, only when all four parts are filled and valid.
  useEffect(() => {
    if (!base) return;
    const address = valueRef.current.address;
    if (!isAddressComplete(address) || invalidAddressParts(address).length > 0) return;
    if (fromReverse.current === addressKey) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('searching');
      geocode(base, address, controller.signal)
        .then((point) => {
          if (controller.signal.aborted) return;
          setStatus(point ? 'idle' : 'notFound');
          if (point) onChangeRef.current({ address: valueRef.current.address, location: point });
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus('unreachable');
        });
    }, GEOCODE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [addressKey, base]);

  const reverseAbort = useRef<AbortController | null>(null);
  useEffect(() => () => reverseAbort.current?.abort(), []);

  const onMove = useCallback(
    (point: LatLng) => {
      onChangeRef.current({ address: valueRef.current.address, location: point });
      if (!base) return;
      reverseAbort.current?.abort();
      const controller = new AbortController();
      reverseAbort.current = controller;
      setStatus('searching');
      reverseGeocode(base, point, controller.signal)
        .then((address) => {
          if (controller.signal.aborted) return;
          setStatus(address ? 'idle' : 'notFound');
          if (!address) return;
          fromReverse.current = ADDRESS_PARTS.map((p) => address[p]).join('\u0000');
          onChangeRef.current({ address, location: point });
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus('unreachable');
        });
    },
    [base],
  );

  const setPart = (part: AddressPart, text: string) => {
    fromReverse.current = null;
    setTouched((t) => ({ ...t, [part]: true }));
    onChange({ address: { ...value.address, [part]: text }, location: value.location });
  };

  return (
    <fieldset className="ag-address" disabled={disabled}>
      <legend>
        <FormattedMessage id="platform.address.legend" />
      </legend>
      <div className="ag-address-grid">
        {ADDRESS_PARTS.map((part) => {
          const bad = invalid.includes(part);
          const missing = required && touched[part] && value.address[part].trim() === '';
          return (
            <TextField
              key={part}
              name={part}
              label={<FormattedMessage id={LABELS[part]} />}
              hint={part === 'zip' ? <FormattedMessage id="platform.address.zipHint" /> : undefined}
              value={value.address[part]}
              onChange={(text) => setPart(part, text)}
              onBlur={() => setTouched((t) => ({ ...t, [part]: true }))}
              required={required}
              error={missing ? { rule: 'required', message: 'This value is required.' } : null}
              errorText={bad ? intl.formatMessage({ id: INVALID[part] }) : null}
              valid={!bad && value.address[part].trim() !== '' && !!touched[part]}
            />
          );
        })}
      </div>
      <div className="ag-map-status" role="status" data-testid="geocoder-status">
        {status === 'searching' && <FormattedMessage id="platform.address.searching" />}
        {status === 'notFound' && <FormattedMessage id="platform.address.notFound" />}
        {status === 'unreachable' && <FormattedMessage id="platform.address.unreachable" />}
      </div>
      <div className="ag-address-map">
        <Suspense fallback={<Loading />}>
          <PointMap
            center={value.location ?? ADDRESS_MAP_CENTER}
            zoom={ADDRESS_MAP_ZOOM}
            point={value.location}
            onMove={onMove}
            label={intl.formatMessage({ id: 'platform.address.map' })}
          />
        </Suspense>
      </div>
      {/* the location typed as numbers (EPSG:2100 first): as if the marker had been moved there */}
      <CoordinateInput
        value={value.location}
        onChange={(point) => {
          if (point) onMove(point);
          else onChangeRef.current({ address: valueRef.current.address, location: null });
        }}
        disabled={disabled}
      />
    </fieldset>
  );
}
