import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GeoJsonGeometry, GeometryValueType, LatLng, VariableOptions } from '@agora/contracts';
import { CoordinateInput, Loading } from '@agora/platform';
import { Group, useErrorText, useKindLabel } from './KindField';
import {
  addShape,
  assignChoice,
  firstPosition,
  isFull,
  isSharedChoice,
  mostShapes,
  pointAt,
  removeShape,
  replaceShape,
  SHAPE_TYPES,
  styleOfChoice,
  type GeometryDraft,
  type Shape,
} from './geometry';
import type { ValueError } from './values';

// Leaflet is loaded with the map, on first use
const GeometryMap = lazy(() => import('./GeometryMap'));

export interface GeometryFieldProps {
  kind: GeometryValueType;
  options: VariableOptions;
  draft: GeometryDraft;
  /** absent: read-only */
  onChange?(draft: GeometryDraft): void;
  error: ValueError | null;
  /** unique per variable and kind: the inputs' ids */
  name: string;
  /** the answer's own geometry: the map's view when nothing is drawn */
  around: GeoJsonGeometry | null;
  /** the map's view when nothing is drawn and the answer has no geometry */
  view?: { center: LatLng; zoom: number };
}

const TYPE_IDS: Record<string, string> = {
  Point: 'consultation.answers.geometry.point',
  LineString: 'consultation.answers.geometry.line',
  Polygon: 'consultation.answers.geometry.polygon',
};

/** 'Point at 37.97512, 23.73481' */
function ShapeName({ shape, n }: { shape: Shape; n: number }) {
  const at = firstPosition(shape.geometry);
  return (
    <FormattedMessage
      id="consultation.answers.geometry.shape"
      values={{
        n,
        type: <FormattedMessage id={TYPE_IDS[shape.geometry.type] ?? TYPE_IDS.Point!} />,
        at: at ? `${at.lat.toFixed(5)}, ${at.lng.toFixed(5)}` : '',
      }}
    />
  );
}

function Swatch({ color, marker }: { color: string; marker?: string }) {
  return marker ? (
    <img className="cons-ans-geom-swatch" src={marker} alt="" />
  ) : (
    <span className="cons-ans-geom-swatch" style={{ background: color }} aria-hidden="true" />
  );
}

/**
 * A geometric kind (spec part 2 §4): a small map to draw up to numberOfGeometries shapes, their geometric
 * choice (one for all with geom_radio, one per shape otherwise) and, for the keyboard, the list of the shapes
 * with a delete button each and points added by their coordinates. Without `onChange` it shows the shapes.
 */
export function GeometryField({
  kind,
  options,
  draft,
  onChange,
  error,
  name,
  around,
  view,
}: GeometryFieldProps) {
  const intl = useIntl();
  const label = useKindLabel()(kind, options);
  const errorText = useErrorText(error);
  const [point, setPoint] = useState<LatLng | null>(null);
  const [refused, setRefused] = useState(false);
  const choices = options.geometricChoices ?? [];
  const most = mostShapes(options);
  const full = isFull(options, draft);
  const types = SHAPE_TYPES[kind];
  const shared = isSharedChoice(kind);
  const change = (next: GeometryDraft) => {
    setRefused(false);
    onChange?.(next);
  };
  const choiceOf = (id: string | null) => choices.find((c) => c.id === id);

  const body = (
    <>
      {(onChange || draft.shapes.length > 0) && (
        <Suspense fallback={<Loading />}>
          <GeometryMap
            shapes={draft.shapes}
            choices={choices}
            types={types}
            readOnly={!onChange}
            around={around}
            {...(view ? { view } : {})}
            full={full}
            label={intl.formatMessage({ id: 'consultation.answers.geometry.map' }, { label })}
            onAdd={(g) => change(addShape(kind, options, draft, g))}
            onReplace={(i, g) => change(replaceShape(draft, i, g))}
            onRemove={(indexes) => change({ shapes: draft.shapes.filter((_, i) => !indexes.includes(i)) })}
            onRefused={() => setRefused(true)}
          />
        </Suspense>
      )}
      {onChange && shared && choices.length > 0 && (
        <fieldset className="cons-ans-geom-choices" data-testid={`geometry-choice-${name}`}>
          <legend>
            <FormattedMessage id="consultation.answers.geometry.choiceAllLabel" />
          </legend>
          {choices.map((c) => {
            const style = styleOfChoice(c, '#1a56db');
            return (
              <label key={c.id} className="cons-ans-choice">
                <input
                  type="radio"
                  name={`${name}-choice`}
                  value={c.id}
                  checked={draft.shapes.length > 0 && draft.shapes.every((s) => s.choice === c.id)}
                  disabled={draft.shapes.length === 0}
                  onChange={() => change(assignChoice(kind, draft, null, c.id))}
                />
                <Swatch color={style.color} {...(style.marker ? { marker: style.marker } : {})} />
                <span>{c.label}</span>
              </label>
            );
          })}
        </fieldset>
      )}
      {draft.shapes.length === 0 ? (
        <p className="cons-ans-note" data-testid={`geometry-none-${name}`}>
          <FormattedMessage
            id={onChange ? 'consultation.answers.geometry.none' : 'consultation.answers.noValue'}
          />
        </p>
      ) : (
        <ol className="cons-ans-geom-list" data-testid={`geometry-list-${name}`}>
          {draft.shapes.map((shape, i) => {
            const style = styleOfChoice(choiceOf(shape.choice), '#1a56db');
            return (
              <li key={i} className="cons-ans-geom-item">
                <Swatch color={style.color} {...(style.marker ? { marker: style.marker } : {})} />
                <span>
                  <ShapeName shape={shape} n={i + 1} />
                </span>
                {(!onChange || shared) && shape.choice !== null && (
                  <span>: {choiceOf(shape.choice)?.label ?? ''}</span>
                )}
                {onChange && !shared && choices.length > 0 && (
                  <select
                    className="ag-input"
                    aria-label={intl.formatMessage(
                      { id: 'consultation.answers.geometry.choiceOfLabel' },
                      { n: i + 1 },
                    )}
                    value={shape.choice ?? ''}
                    onChange={(e) =>
                      change(assignChoice(kind, draft, i, e.target.value === '' ? null : e.target.value))
                    }
                  >
                    <option value="">
                      {intl.formatMessage({ id: 'consultation.answers.geometry.pick' })}
                    </option>
                    {choices.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                )}
                {onChange && (
                  <button
                    type="button"
                    className="ag-button"
                    onClick={() => change(removeShape(draft, i))}
                    aria-label={intl.formatMessage(
                      { id: 'consultation.answers.geometry.removeLabel' },
                      { n: i + 1 },
                    )}
                  >
                    <FormattedMessage id="consultation.answers.geometry.remove" />
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {onChange && (full || refused) && (
        <p className="cons-ans-note" role="status" data-testid={`geometry-limit-${name}`}>
          <FormattedMessage id="consultation.answers.geometry.limit" values={{ n: most }} />
        </p>
      )}
      {onChange && types.includes('Point') && !full && (
        <div className="cons-ans-geom-add">
          <CoordinateInput value={point} onChange={setPoint} initialCrs="EPSG:4326" />
          <button
            type="button"
            className="ag-button"
            disabled={!point}
            onClick={() => {
              if (!point) return;
              change(addShape(kind, options, draft, pointAt(point)));
              setPoint(null);
            }}
          >
            <FormattedMessage id="consultation.answers.geometry.addPoint" />
          </button>
        </div>
      )}
    </>
  );
  if (!onChange) {
    return (
      <div className="cons-ans-geom" data-testid={`field-${name}`}>
        {body}
      </div>
    );
  }
  return (
    <Group
      name={name}
      legend={label}
      required={options.required}
      hint={
        <FormattedMessage
          id={
            types.includes('Point')
              ? 'consultation.answers.geometry.hintPoints'
              : 'consultation.answers.geometry.hint'
          }
          values={{ n: most }}
        />
      }
      errorText={errorText}
      className="cons-ans-geom"
    >
      {body}
    </Group>
  );
}
