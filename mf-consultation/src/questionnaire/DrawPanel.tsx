import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GeoJsonGeometry, LatLng } from '@agora/contracts';
import { CoordinateInput } from '@agora/platform';
import { PlaceSearch } from './PlaceSearch';
import { insideArea, isComplete, type Draft, type DraftAction } from './draft';
import type { AnswerFeature, QuestionnaireAttribute } from './types';

export interface DrawPanelProps {
  attribute: QuestionnaireAttribute;
  draft: Draft;
  dispatch: (action: DraftAction) => void;
  boundary: GeoJsonGeometry | null;
  /** 'new': a new answer; 'vertices': reshaping an answer; 'move': moving an answer as a whole */
  mode: 'new' | 'vertices' | 'move';
  /** the crosshair: the map's centre */
  crosshair: () => LatLng | null;
  /** moves every vertex by this much (an answer that may only be dragged) */
  onTranslate: (by: { lat: number; lng: number }) => void;
  /** picks a predefined feature (attributes with predefined features) */
  onPickPredefined?: (id: number) => void;
  onFinish: () => void;
  onCancel: () => void;
  busy: boolean;
  /** the caller's answers to the attribute, listed to open them without the map */
  own?: readonly AnswerFeature[];
  onOpen?: (answer: AnswerFeature) => void;
}

/**
 * Answering without a mouse (spec: keyboard and screen readers first): a vertex placed by typed coordinates
 * (EPSG:2100, 4326 or 3857: the platform's CoordinateInput) or at the crosshair in the map's centre (arrow keys
 * move the map under it, Enter places); the vertices listed, one selected to move or delete; finish and cancel.
 */
export function DrawPanel(props: DrawPanelProps) {
  const { attribute, draft, dispatch, boundary, mode } = props;
  const intl = useIntl();
  const [typed, setTyped] = useState<LatLng | null>(null);
  const [predefined, setPredefined] = useState('');
  const shape = draft.shape;
  const features = attribute.has_predefined ? (attribute.predefined?.features ?? []) : [];
  const complete = isComplete(draft);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `consultation.questionnaire.draw.${id}` }, { shape, ...values });

  const atCrosshair = (then: (at: LatLng) => void) => {
    const at = props.crosshair();
    if (at) then(at);
  };
  const centroid = () => {
    const n = draft.vertices.length || 1;
    return {
      lat: draft.vertices.reduce((s, v) => s + v.lat, 0) / n,
      lng: draft.vertices.reduce((s, v) => s + v.lng, 0) / n,
    };
  };

  return (
    <section
      className="cons-draw-panel"
      aria-labelledby="cons-draw-title"
      data-testid="draw-panel"
      data-mode={mode}
    >
      <h2 id="cons-draw-title" className="cons-panel-title">
        {t(mode === 'new' ? 'titleNew' : 'titleEdit', { name: attribute.name })}
      </h2>
      <p className="cons-hint">{t(mode === 'move' ? 'helpMove' : 'help')}</p>
      <div className="cons-actions">
        <button
          type="button"
          className="ag-button ag-button-primary"
          disabled={!complete || props.busy}
          onClick={props.onFinish}
          data-testid="draw-finish"
        >
          {t(mode === 'new' ? 'finish' : 'save')}
        </button>
        <button type="button" className="ag-button" onClick={props.onCancel} data-testid="draw-cancel">
          <FormattedMessage id="consultation.questionnaire.cancel" />
        </button>
      </div>

      {mode === 'new' && features.length > 0 && (
        <div className="cons-draw-block">
          <label className="ag-field-label" htmlFor="cons-predefined">
            {t('predefined')}
          </label>
          <select
            id="cons-predefined"
            className="ag-input"
            value={predefined}
            onChange={(e) => setPredefined(e.target.value)}
            data-testid="draw-predefined"
          >
            <option value="">{t('predefinedNone')}</option>
            {features.map((f, i) => (
              <option key={String(f.id ?? i)} value={String(f.id ?? '')}>
                {String(f.properties?.name ?? f.properties?.title ?? t('predefinedItem', { n: i + 1 }))}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="ag-button"
            disabled={predefined === '' || props.busy}
            onClick={() => props.onPickPredefined?.(Number(predefined))}
            data-testid="draw-predefined-pick"
          >
            {t('predefinedPick')}
          </button>
        </div>
      )}

      {mode !== 'move' && (!attribute.has_predefined || features.length === 0) && (
        <div className="cons-draw-block">
          <details>
            <summary>{t('typeCoordinates')}</summary>
            <PlaceSearch onFound={setTyped} />
            <CoordinateInput value={typed} onChange={setTyped} />
            <div className="cons-actions">
              <button
                type="button"
                className="ag-button"
                disabled={!typed}
                onClick={() => typed && dispatch({ type: 'place', at: typed })}
                data-testid="draw-place-typed"
              >
                {t('placeTyped')}
              </button>
              <button
                type="button"
                className="ag-button"
                disabled={!typed || draft.selected === null}
                onClick={() => typed && dispatch({ type: 'move', at: typed })}
                data-testid="draw-move-typed"
              >
                {t('moveTyped')}
              </button>
            </div>
          </details>
          <div className="cons-actions">
            <button
              type="button"
              className="ag-button"
              onClick={() => atCrosshair((at) => dispatch({ type: 'place', at }))}
              data-testid="draw-place-center"
            >
              {t('placeCenter')}
            </button>
            <button
              type="button"
              className="ag-button"
              disabled={draft.selected === null}
              onClick={() => atCrosshair((at) => dispatch({ type: 'move', at }))}
              data-testid="draw-move-center"
            >
              {t('moveCenter')}
            </button>
            <button
              type="button"
              className="ag-button"
              disabled={draft.selected === null}
              onClick={() => dispatch({ type: 'delete' })}
              data-testid="draw-delete"
            >
              {t('delete')}
            </button>
          </div>
        </div>
      )}

      {mode === 'move' && (
        <div className="cons-actions">
          <button
            type="button"
            className="ag-button"
            onClick={() =>
              atCrosshair((at) => {
                const c = centroid();
                props.onTranslate({ lat: at.lat - c.lat, lng: at.lng - c.lng });
              })
            }
            data-testid="draw-translate"
          >
            {t('translate')}
          </button>
        </div>
      )}

      {draft.vertices.length > 0 && (
        <div className="cons-draw-block">
          <h3 className="cons-subtitle">{t('vertices', { count: draft.vertices.length })}</h3>
          <ol className="cons-vertices" data-testid="draw-vertices">
            {draft.vertices.map((v, i) => (
              <li key={`${i}-${v.lat}-${v.lng}`}>
                <button
                  type="button"
                  className="ag-button ag-button-small"
                  aria-pressed={draft.selected === i}
                  disabled={mode === 'move'}
                  onClick={() => dispatch({ type: 'select', index: i })}
                >
                  {t('vertex', {
                    n: i + 1,
                    where: insideArea(v, boundary) ? 'inside' : 'outside',
                  })}
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
      {mode === 'new' && props.own && props.own.length > 0 && props.onOpen && (
        <div className="cons-draw-block">
          <h3 className="cons-subtitle">{t('own', { count: props.own.length })}</h3>
          <ol className="cons-answer-list" data-testid="draw-own">
            {props.own.map((answer, i) => (
              <li key={answer.id}>
                <button type="button" className="cons-link-button" onClick={() => props.onOpen?.(answer)}>
                  {t('ownItem', { n: i + 1 })}
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
