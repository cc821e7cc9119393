import { useId, useState } from 'react';
import { simplifyToFit } from './simplify';
import type { MapView } from './useProject';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  GEOMETRY_CRS,
  vertexCount,
  type GeoJsonFeatureCollection,
  type GeometryCrs,
  type GeomType,
} from '@agora/contracts';
import {
  checkImport,
  DrawMap,
  FileInput,
  type GeoJsonImportError,
  type GeometryValue,
  guessCrs,
  parseGeoJson,
  toWgs84Collection,
  useNotify,
} from '@agora/platform';

export interface GeometryFieldProps {
  /** the fieldset's legend */
  label: string;
  value: GeometryValue;
  onChange: (value: GeometryValue) => void;
  shape: GeomType | 'any';
  color?: string;
  maxFeatures?: number | null;
  /** an outline shown under the drawing (the topic's boundary) */
  reference?: GeoJsonFeatureCollection | null;
  /** offers a GeoJSON file import besides drawing */
  allowImport?: boolean;
  /** an error shown under the map ('please draw the boundary') */
  error?: string | null;
  /** where the map opens (the project's centre and zoom) when there is nothing drawn to fit */
  view?: MapView;
  /** prefix of the test ids */
  testId: string;
}

type CrsChoice = GeometryCrs | 'auto';

/** The result of reading a file: a collection ready for the form, or why it was refused. */
export type ImportOutcome =
  | { ok: true; value: GeometryValue; crs: GeometryCrs }
  | {
      ok: false;
      error: GeoJsonImportError | 'noCrs';
      /** over the size limit: the file's features and system, which may be simplified to fit */
      large?: { collection: GeoJsonFeatureCollection; crs: GeometryCrs };
    };

/**
 * Reads an imported file's text: its `crs` member names the system, otherwise the one chosen, otherwise the one
 * its coordinates fit; the coordinates must fit that system and the shape asked for. The map gets it in
 * EPSG:4326; the file's own coordinates are kept for the server to reproject.
 */
export async function importGeoJson(
  text: string,
  choice: CrsChoice,
  shape: GeomType | 'any',
): Promise<ImportOutcome> {
  const parsed = parseGeoJson(text);
  if (!parsed.ok) return parsed;
  const crs = parsed.crs ?? (choice === 'auto' ? guessCrs(parsed.collection) : choice);
  if (!crs) return { ok: false, error: 'noCrs' };
  const check = checkImport(parsed.collection, crs, shape === 'any' ? null : shape);
  if (!check.ok)
    return check.error === 'tooLarge' ? { ...check, large: { collection: parsed.collection, crs } } : check;
  return accepted(parsed.collection, crs);
}

/** A file's features (in `crs`) taken into the form: shown in EPSG:4326, kept as they are for the server. */
async function accepted(collection: GeoJsonFeatureCollection, crs: GeometryCrs): Promise<ImportOutcome> {
  const map = await toWgs84Collection(collection, crs);
  return { ok: true, crs, value: { map, imported: { crs, collection } } };
}

/** A drawing map for one geometry field, with an optional GeoJSON import and a clear button. */
export function GeometryField(props: GeometryFieldProps) {
  const { value, onChange, testId } = props;
  const intl = useIntl();
  const notify = useNotify();
  const fileId = useId();
  const crsId = useId();
  const [choice, setChoice] = useState<CrsChoice>('auto');
  const [importError, setImportError] = useState<string | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const [large, setLarge] = useState<{
    collection: GeoJsonFeatureCollection;
    crs: GeometryCrs;
    name: string;
  } | null>(null);
  const [simplifying, setSimplifying] = useState(false);
  const count = value.map?.features.length ?? 0;

  /** Simplifies a file over the size limit just enough to fit, and takes it, saying how many vertices remain. */
  const simplifyLarge = async () => {
    if (!large) return;
    setSimplifying(true);
    const result = await simplifyToFit(large.collection);
    setSimplifying(false);
    if (!result) {
      setImportError(intl.formatMessage({ id: 'structure.plan.import.error.cannotSimplify' }));
      return;
    }
    const outcome = await accepted(result.collection, large.crs);
    if (!outcome.ok) return;
    setLarge(null);
    setImportError(null);
    setImported(
      intl.formatMessage(
        { id: 'structure.plan.import.simplified' },
        { before: result.before, after: result.after, crs: large.crs, name: large.name },
      ),
    );
    onChange(outcome.value);
  };

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const outcome = await importGeoJson(await file.text(), choice, props.shape);
    input.value = '';
    setLarge(outcome.ok || !outcome.large ? null : { ...outcome.large, name: file.name });
    if (!outcome.ok) {
      setImported(null);
      setImportError(intl.formatMessage({ id: `structure.plan.import.error.${outcome.error}` }));
      return;
    }
    setImportError(null);
    setImported(
      intl.formatMessage(
        { id: 'structure.plan.import.done' },
        { count: outcome.value.map?.features.length ?? 0, crs: outcome.crs, name: file.name },
      ),
    );
    onChange(outcome.value);
  };

  return (
    <fieldset className="ag-fieldset structure-geometry" data-testid={testId}>
      <legend>{props.label}</legend>
      <DrawMap
        value={value.map}
        onChange={(map) => {
          setImported(null);
          onChange({ map });
        }}
        shape={props.shape}
        color={props.color}
        maxFeatures={props.maxFeatures}
        onRefused={() =>
          notify({ type: 'warning', body: intl.formatMessage({ id: 'structure.plan.map.noMore' }) })
        }
        reference={props.reference}
        center={props.view?.center ?? undefined}
        zoom={props.view?.zoom}
        label={props.label}
        testId={`${testId}-map`}
      />
      <p className="ag-map-status" role="status" data-testid={`${testId}-count`}>
        <FormattedMessage id="structure.plan.map.count" values={{ count }} />
      </p>
      {props.error && (
        <div className="ag-field-error" role="alert" data-testid={`${testId}-error`}>
          {props.error}
        </div>
      )}
      {props.allowImport && (
        <div className="structure-import">
          <div className="ag-field">
            <label htmlFor={crsId} className="ag-field-label">
              <FormattedMessage id="structure.plan.import.crs" />
            </label>
            <select
              id={crsId}
              className="ag-input"
              value={choice}
              onChange={(e) => setChoice(e.target.value as CrsChoice)}
              data-testid={`${testId}-crs`}
            >
              <option value="auto">{intl.formatMessage({ id: 'structure.plan.import.crsAuto' })}</option>
              {GEOMETRY_CRS.map((crs) => (
                <option key={crs} value={crs}>
                  {crs}
                </option>
              ))}
            </select>
          </div>
          <div className="ag-field">
            <label htmlFor={fileId} className="ag-field-label">
              <FormattedMessage id="structure.plan.import.file" />
            </label>
            <FileInput
              id={fileId}
              accept=".geojson,.json,application/geo+json,application/json"
              onChange={(e) => void onFile(e.currentTarget)}
              data-testid={`${testId}-file`}
            />
          </div>
          {importError && (
            <div className="ag-field-error" role="alert" data-testid={`${testId}-import-error`}>
              {importError}
            </div>
          )}
          {large && props.shape !== 'point' && (
            <p>
              <button
                type="button"
                className="ag-button"
                disabled={simplifying}
                onClick={() => void simplifyLarge()}
                data-testid={`${testId}-simplify`}
              >
                <FormattedMessage
                  id="structure.plan.import.simplify"
                  values={{
                    count: large.collection.features.reduce((n, f) => n + vertexCount(f.geometry), 0),
                  }}
                />
              </button>
            </p>
          )}
          {imported && (
            <p role="status" data-testid={`${testId}-imported`}>
              {imported}
            </p>
          )}
        </div>
      )}
      {count > 0 && (
        <button
          type="button"
          className="ag-button"
          onClick={() => {
            setImported(null);
            onChange({ map: null });
          }}
          data-testid={`${testId}-clear`}
        >
          <FormattedMessage id="structure.plan.map.clear" />
        </button>
      )}
    </fieldset>
  );
}
