import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LatLng } from '@agora/contracts';
import {
  CRS_CODES,
  CRS_INFO,
  DEFAULT_CRS,
  fromWgs84,
  isCrsCode,
  outOfRange,
  toWgs84,
  type CrsCode,
} from '@agora/contracts/crs';
import { TextField } from '../forms/fields';
import './map.css';

export interface CoordinateInputProps {
  /** always EPSG:4326 */
  value: LatLng | null;
  /** called with the point in EPSG:4326 when both numbers are valid and in range, null when cleared */
  onChange: (value: LatLng | null) => void;
  /** the system shown first (spec: EPSG:2100) */
  initialCrs?: CrsCode;
  disabled?: boolean;
  /**
   * Told whether what is typed is a point (or nothing): false while a number is missing, not a number or out of
   * range, when `onChange` keeps the last valid point. A form uses it to refuse sending.
   */
  onValidChange?: (valid: boolean) => void;
}

function format(n: number, crs: CrsCode): string {
  return n.toFixed(CRS_INFO[crs].precision).replace(/\.?0+$/, '');
}

function textsOf(value: LatLng | null, crs: CrsCode): { x: string; y: string } {
  if (!value) return { x: '', y: '' };
  const p = fromWgs84(value, crs);
  return { x: format(p.x, crs), y: format(p.y, crs) };
}

/**
 * A point typed as numbers in EPSG:2100 (default), EPSG:4326 or EPSG:3857 (spec part 1 §5, §9): the system
 * selector converts the current value; ranges, steps and precision are the spec's; the value is kept in
 * EPSG:4326.
 */
export function CoordinateInput({
  value,
  onChange,
  initialCrs = DEFAULT_CRS,
  disabled,
  onValidChange,
}: CoordinateInputProps) {
  const intl = useIntl();
  const selectId = useId();
  const [crs, setCrs] = useState<CrsCode>(initialCrs);
  const [texts, setTexts] = useState(() => textsOf(value, initialCrs));
  // A new value from outside (e.g. the marker moved) replaces what is typed.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    const current =
      texts.x !== '' && texts.y !== '' ? toWgs84({ x: Number(texts.x), y: Number(texts.y) }, crs) : null;
    if (!value || !current || current.lat !== value.lat || current.lng !== value.lng)
      setTexts(textsOf(value, crs));
  }

  const info = CRS_INFO[crs];
  const x = texts.x.trim() === '' ? null : Number(texts.x);
  const y = texts.y.trim() === '' ? null : Number(texts.y);
  const bad = x !== null && y !== null ? outOfRange({ x, y }, crs) : [];
  const xBad = (x !== null && !Number.isFinite(x)) || bad.includes('x');
  const yBad = (y !== null && !Number.isFinite(y)) || bad.includes('y');

  const update = (next: { x: string; y: string }) => {
    setTexts(next);
    if (next.x.trim() === '' && next.y.trim() === '') {
      onValidChange?.(true);
      onChange(null);
      return;
    }
    const nx = Number(next.x);
    const ny = Number(next.y);
    const valid =
      next.x.trim() !== '' &&
      next.y.trim() !== '' &&
      Number.isFinite(nx) &&
      Number.isFinite(ny) &&
      outOfRange({ x: nx, y: ny }, crs).length === 0;
    onValidChange?.(valid);
    if (!valid) return;
    const point = toWgs84({ x: nx, y: ny }, crs);
    setSeen(point);
    onChange(point);
  };

  const changeCrs = (code: string) => {
    if (!isCrsCode(code)) return;
    setCrs(code);
    setTexts(textsOf(value, code));
    onValidChange?.(true);
  };

  const axis = (which: 'x' | 'y') => {
    const range = info[which];
    const isBad = which === 'x' ? xBad : yBad;
    const labelId = crs === 'EPSG:4326' ? (which === 'x' ? 'lon' : 'lat') : which;
    return (
      <TextField
        name={`coord-${which}`}
        type="number"
        label={<FormattedMessage id={`platform.coords.${labelId}`} />}
        value={texts[which]}
        onChange={(t) => update({ ...texts, [which]: t })}
        errorText={
          isBad
            ? intl.formatMessage(
                { id: 'platform.coords.range' },
                { min: format(range.min, crs), max: format(range.max, crs) },
              )
            : null
        }
        valid={!isBad && texts[which] !== ''}
        disabled={disabled}
        hint={intl.formatMessage(
          { id: 'platform.coords.rangeHint' },
          { min: format(range.min, crs), max: format(range.max, crs) },
        )}
        step={info.step}
        min={range.min}
        max={range.max}
      />
    );
  };

  return (
    <fieldset className="ag-coords-set" disabled={disabled}>
      <legend>
        <FormattedMessage id="platform.coords.legend" />
      </legend>
      <div className="ag-field">
        <label htmlFor={selectId} className="ag-field-label">
          <FormattedMessage id="platform.coords.crs" />
        </label>
        <select id={selectId} className="ag-input" value={crs} onChange={(e) => changeCrs(e.target.value)}>
          {CRS_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <div className="ag-coords">
        {crs === 'EPSG:4326' ? axis('y') : axis('x')}
        {crs === 'EPSG:4326' ? axis('x') : axis('y')}
      </div>
    </fieldset>
  );
}
