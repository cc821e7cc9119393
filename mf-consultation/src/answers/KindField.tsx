import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ADDRESS_PARTS,
  formatLocation,
  isAddressComplete,
  parseLocation,
  type AddressPart,
  type GeometryValueType,
  type LatLng,
  type ValueType,
  type VariableOptions,
} from '@agora/contracts';
import { FileInput, geocode, TextArea, TextField, useApiGet, useSettings } from '@agora/platform';
import type { LibraryItem } from '@agora/library-ui';
import { LocationModal } from './LocationModal';
import {
  acceptedExtensions,
  formatBytes,
  maxFileBytes,
  type AddressDraft,
  type Draft,
  type FileDraft,
  type ValueError,
} from './values';

export interface KindFieldProps {
  kind: ValueType;
  options: VariableOptions;
  draft: Draft;
  onChange(draft: Draft): void;
  /** the error to show under the field (or under the part it names) */
  error: ValueError | null;
  projectMaxBytes: number;
  /** unique per variable and kind: the inputs' ids */
  name: string;
}

const ADDRESS_LABELS: Record<AddressPart, string> = {
  street: 'platform.address.street',
  house_number: 'platform.address.number',
  town: 'platform.address.town',
  zip: 'platform.address.zip',
};

/** 'lat;lon' with the spec's WGS84 precision (8 decimals), as the server reads it. */
export function locationText(point: LatLng): string {
  return formatLocation({ lat: Number(point.lat.toFixed(8)), lng: Number(point.lng.toFixed(8)) });
}

/** The kind's label: its own, else the kind's name. */
export function useKindLabel(): (kind: ValueType | GeometryValueType, options: VariableOptions) => string {
  const intl = useIntl();
  return (kind, options) =>
    options.label?.trim() ? options.label : intl.formatMessage({ id: `consultation.answers.kind.${kind}` });
}

export function useErrorText(error: ValueError | null): string | null {
  const intl = useIntl();
  return error ? intl.formatMessage({ id: error.id }, error.values) : null;
}

/** A group of inputs (choices, files, library items) with its legend and error. */
export function Group({
  name,
  legend,
  required,
  hint,
  errorText,
  children,
  className,
}: {
  name: string;
  legend: string;
  required?: boolean;
  hint?: ReactNode;
  errorText: string | null;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset
      className={`ag-field cons-ans-group ${className ?? ''}`.trim()}
      aria-describedby={
        [hint ? `${name}-hint` : '', errorText ? `${name}-error` : ''].join(' ').trim() || undefined
      }
      aria-invalid={errorText ? true : undefined}
      data-testid={`field-${name}`}
    >
      <legend className="ag-field-label">
        {legend}
        {required && (
          <>
            <span className="ag-field-required" aria-hidden="true">
              {' '}
              *
            </span>
            {/* a group cannot be aria-required: its legend says it */}
            <span className="cons-ans-sr">
              <FormattedMessage id="consultation.answers.required" />
            </span>
          </>
        )}
      </legend>
      {hint && (
        <div id={`${name}-hint`} className="ag-field-hint">
          {hint}
        </div>
      )}
      {children}
      {errorText && (
        <div id={`${name}-error`} className="ag-field-error" data-testid={`error-${name}`}>
          {errorText}
        </div>
      )}
    </fieldset>
  );
}

function Choices({ kind, options, draft, onChange, error, name }: KindFieldProps) {
  const label = useKindLabel()(kind, options);
  const errorText = useErrorText(error);
  const multiple = kind === 'checkbox';
  const picked = Array.isArray(draft) ? draft : draft === '' ? [] : [String(draft)];
  const choices = options.choices ?? [];
  // a value names its choices by their ids; the labels are shown
  const toggle = (choice: string, on: boolean) => {
    if (!multiple) return onChange(choice);
    // kept in the order of the choices, as the server stores them
    onChange(choices.filter((c) => (c.id === choice ? on : picked.includes(c.id))).map((c) => c.id));
  };
  return (
    <Group
      name={name}
      legend={label}
      required={options.required}
      errorText={errorText}
      className={multiple ? 'cons-ans-columns' : undefined}
    >
      {choices.map((choice, i) => (
        <label key={choice.id} className="cons-ans-choice" htmlFor={`${name}-${i}`}>
          <input
            id={`${name}-${i}`}
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            value={choice.id}
            checked={picked.includes(choice.id)}
            onChange={(e) => toggle(choice.id, e.target.checked)}
          />{' '}
          {choice.label}
        </label>
      ))}
    </Group>
  );
}

/** A preview of a chosen image (object URLs are released with the component). */
function Preview({ file, alt }: { file: File; alt: string }) {
  const url = useMemo(
    () => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url ? <img className="cons-ans-preview" src={url} alt={alt} data-testid="photo-preview" /> : null;
}

function FileField({ kind, options, draft, onChange, error, name, projectMaxBytes }: KindFieldProps) {
  const intl = useIntl();
  const label = useKindLabel()(kind, options);
  const errorText = useErrorText(error);
  const value = draft as FileDraft;
  const limit = maxFileBytes(options, projectMaxBytes);
  const extensions = acceptedExtensions(options);
  const accept = kind === 'photo' ? 'image/*' : extensions.map((e) => `.${e}`).join(',');
  const hint = (
    <>
      {options.placeholder && <span>{options.placeholder} </span>}
      {kind === 'document' && (
        <FormattedMessage id="consultation.answers.file.types" values={{ types: extensions.join(', ') }} />
      )}
      {Number.isFinite(limit) && (
        <>
          {' '}
          <FormattedMessage id="consultation.answers.file.max" values={{ size: formatBytes(limit) }} />
        </>
      )}
    </>
  );
  return (
    <Group name={name} legend={label} required={options.required} hint={hint} errorText={errorText}>
      {value.stored && !value.file && (
        <p className="cons-ans-stored">
          <FormattedMessage id="consultation.answers.file.current" />{' '}
          <a href={value.stored.url} target="_blank" rel="noreferrer">
            {value.stored.name}
          </a>
        </p>
      )}
      <FileInput
        id={`${name}-file`}
        file={value.file}
        accept={accept}
        aria-label={intl.formatMessage({ id: 'consultation.answers.file.choose' }, { label })}
        data-testid={`file-${name}`}
        onChange={(e) => onChange({ ...value, file: e.target.files?.[0] ?? null })}
      />
      {kind === 'photo' && value.file && <Preview file={value.file} alt={label} />}
      {kind === 'photo' && !value.file && value.stored && (
        <img className="cons-ans-preview" src={value.stored.url} alt={label} />
      )}
    </Group>
  );
}

function AddressField({ options, draft, onChange, error, name }: KindFieldProps) {
  const intl = useIntl();
  const label = useKindLabel()('resource', options);
  const value = draft as AddressDraft;
  const errorText = useErrorText(error);
  const [picking, setPicking] = useState(false);
  const location = parseLocation(value.location.trim());
  const setPart = (part: AddressPart, text: string) =>
    onChange({ ...value, address: { ...value.address, [part]: text } });
  const partError = (part: AddressPart | 'location') => (error?.part === part ? errorText : null);
  return (
    <Group name={name} legend={label} required={options.required} errorText={null}>
      <div className="cons-ans-address">
        {ADDRESS_PARTS.map((part) => (
          <TextField
            key={part}
            id={`${name}-${part}`}
            name={`${name}-${part}`}
            label={<FormattedMessage id={ADDRESS_LABELS[part]} />}
            hint={part === 'zip' ? <FormattedMessage id="platform.address.zipHint" /> : undefined}
            value={value.address[part]}
            onChange={(text) => setPart(part, text)}
            required={options.required}
            errorText={partError(part)}
          />
        ))}
      </div>
      <TextField
        id={`${name}-location`}
        name={`${name}-location`}
        label={<FormattedMessage id="consultation.answers.address.location" />}
        hint={<FormattedMessage id="consultation.answers.address.locationHint" />}
        value={value.location}
        onChange={(text) => onChange({ ...value, location: text })}
        required={options.required}
        errorText={partError('location')}
      />
      <AddressLookup
        address={value.address}
        onFound={(point) => onChange({ ...value, location: locationText(point) })}
      />
      <button type="button" className="ag-button" onClick={() => setPicking(true)}>
        {intl.formatMessage({ id: 'consultation.answers.address.pick' })}
      </button>
      {picking && (
        <LocationModal
          value={location}
          onChange={(point: LatLng) => onChange({ ...value, location: locationText(point) })}
          onClose={() => setPicking(false)}
        />
      )}
    </Group>
  );
}

type Lookup = 'idle' | 'busy' | 'found' | 'none' | 'failed';

/**
 * The location of a complete address from the site's geocoder (the settings' geocoderUrl), on request; without a
 * configured geocoder, a note that the location is placed by hand.
 */
function AddressLookup({
  address,
  onFound,
}: {
  address: AddressDraft['address'];
  onFound: (at: LatLng) => void;
}) {
  const { settings } = useSettings();
  const [lookup, setLookup] = useState<Lookup>('idle');
  const geocoder = settings.geocoderUrl;
  if (!geocoder)
    return (
      <p className="ag-field-hint" data-testid="geocoding-note">
        <FormattedMessage id="consultation.answers.address.manual" />
      </p>
    );
  const find = async () => {
    setLookup('busy');
    try {
      const at = await geocode(geocoder, address);
      if (!at) return setLookup('none');
      onFound(at);
      setLookup('found');
    } catch {
      setLookup('failed');
    }
  };
  return (
    <div className="cons-actions">
      <button
        type="button"
        className="ag-button"
        disabled={!isAddressComplete(address) || lookup === 'busy'}
        onClick={() => void find()}
        data-testid="address-lookup"
      >
        <FormattedMessage id="consultation.answers.address.lookup" />
      </button>
      <span role="status" className="ag-field-hint" data-testid="address-lookup-outcome">
        {lookup === 'found' && <FormattedMessage id="consultation.answers.address.lookupFound" />}
        {lookup === 'none' && <FormattedMessage id="consultation.questionnaire.place.none" />}
        {lookup === 'failed' && <FormattedMessage id="consultation.questionnaire.place.failed" />}
      </span>
    </div>
  );
}

/** The library's items of a variable (`GET /api/library/uuid/{a;b}`), in the variable's order. */
export function useLibraryItems(uuids: readonly string[]) {
  const { data, error, isLoading } = useApiGet(
    '/api/library/uuid/{uuids}',
    uuids.length > 0 ? { params: { path: { uuids: uuids.join(';') } } } : null,
  );
  const byUuid = new Map((data ?? []).map((item) => [item.uuid, item]));
  return { items: uuids.map((u) => byUuid.get(u)).filter((i): i is LibraryItem => !!i), error, isLoading };
}

function LibraryField({ options, draft, onChange, error, name }: KindFieldProps) {
  const intl = useIntl();
  const label = useKindLabel()('library', options);
  const errorText = useErrorText(error);
  const picked = Array.isArray(draft) ? draft : [];
  const multiple = options.allowMultiple === true;
  const { items, error: loadError, isLoading } = useLibraryItems(options.items ?? []);
  const toggle = (uuid: string, on: boolean) => {
    if (!multiple) return onChange(on ? [uuid] : []);
    onChange((options.items ?? []).filter((u) => (u === uuid ? on : picked.includes(u))));
  };
  const hint = intl.formatMessage({
    id: multiple ? 'consultation.answers.library.many' : 'consultation.answers.library.one',
  });
  return (
    <Group name={name} legend={label} required={options.required} hint={hint} errorText={errorText}>
      {loadError && (
        <p role="alert">
          <FormattedMessage id="consultation.answers.library.failed" />
        </p>
      )}
      {isLoading && (
        <p role="status">
          <FormattedMessage id="consultation.answers.loading" />
        </p>
      )}
      <ul className="cons-ans-library">
        {items.map((item, i) => (
          <li key={item.uuid}>
            <label htmlFor={`${name}-${i}`} className="cons-ans-library-item">
              <input
                id={`${name}-${i}`}
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={item.uuid}
                checked={picked.includes(item.uuid)}
                onChange={(e) => toggle(item.uuid, e.target.checked)}
              />
              <img src={item.thumbnail ?? item.resource} alt={item.alt_text || item.title} />
              <span>{item.title}</span>
            </label>
          </li>
        ))}
      </ul>
    </Group>
  );
}

/** The input of one kind of a variable with its options (see `checkValue` for the checks). */
export function KindField(props: KindFieldProps) {
  const { kind, options, draft, onChange, error, name } = props;
  const label = useKindLabel()(kind, options);
  const errorText = useErrorText(error);
  const id = useId();
  switch (kind) {
    case 'radio':
    case 'checkbox':
      return <Choices {...props} />;
    case 'photo':
    case 'document':
      return <FileField {...props} />;
    case 'resource':
      return <AddressField {...props} />;
    case 'library':
      return <LibraryField {...props} />;
    case 'text':
      return (
        <TextArea
          id={name || id}
          name={name}
          label={label}
          value={String(draft)}
          onChange={onChange}
          placeholder={options.placeholder}
          required={options.required}
          errorText={errorText}
        />
      );
    default: {
      const extra =
        kind === 'date'
          ? { type: 'date' as const, min: options.minDate, max: options.maxDate }
          : kind === 'number'
            ? {
                type: 'number' as const,
                step: 'any' as const,
                min: options.minLength,
                max: options.maxLength,
              }
            : { type: 'text' as const, placeholder: options.placeholder };
      return (
        <TextField
          id={name || id}
          name={name}
          label={label}
          value={String(draft)}
          onChange={onChange}
          required={options.required}
          errorText={errorText}
          {...extra}
        />
      );
    }
  }
}
