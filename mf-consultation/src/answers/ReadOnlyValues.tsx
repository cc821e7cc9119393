import { FormattedMessage } from 'react-intl';
import { ADDRESS_PARTS, splitAddress, type GeoJsonGeometry, type LatLng } from '@agora/contracts';
import type { AnswerValueAnswer } from '@agora/contracts/api';
import { GeometryField } from './GeometryField';
import { shapesOf } from './geometry';
import { useKindLabel, useLibraryItems } from './KindField';
import type { QuestionnaireVariable } from './types';
import { isGeometryKind, splitList } from './values';

/** The address text as the user wrote it: 'Ermou 12, Athens 105 63'. */
function addressText(value: string): string {
  const a = splitAddress(value);
  return `${a.street} ${a.house_number}, ${a.town} ${a.zip}`.trim();
}

function LibraryValue({ uuids }: { uuids: string[] }) {
  const { items } = useLibraryItems(uuids);
  if (items.length === 0) return <>{uuids.join(', ')}</>;
  return (
    <ul className="cons-ans-library">
      {items.map((item) => (
        <li key={item.uuid} className="cons-ans-library-item">
          <img src={item.thumbnail ?? item.resource} alt={item.alt_text || item.title} />
          <span>{item.title}</span>
        </li>
      ))}
    </ul>
  );
}

/** One stored value as text, a link to its file or the chosen library images. */
function Value({ value }: { value: AnswerValueAnswer }) {
  switch (value.variable_type) {
    case 'photo':
    case 'document':
      return value.file ? (
        <a
          href={`/api/data/scope/file/${encodeURIComponent(value.file.id)}`}
          target="_blank"
          rel="noreferrer"
          data-testid="answer-file"
        >
          {value.file.name}
        </a>
      ) : (
        <>{value.value}</>
      );
    case 'radio':
      return <>{value.label ?? value.value}</>;
    case 'checkbox':
      // the labels of the chosen ids, joined by the server
      return <>{splitList(value.label ?? value.value).join(', ')}</>;
    case 'library':
      return <LibraryValue uuids={splitList(value.value)} />;
    case 'resource':
      return (
        <>
          {ADDRESS_PARTS.some((p) => splitAddress(value.value)[p] !== '') && addressText(value.value)}
          {value.location && (
            <>
              {' '}
              (<FormattedMessage id="consultation.answers.address.location" />:{' '}
              {value.location.replace(';', ', ')})
            </>
          )}
        </>
      );
    default:
      return <>{value.value}</>;
  }
}

/** The values of one variable, read-only: each kind's label and value ('no answer' when it has none). */
export function ReadOnlyValues({
  variable,
  values,
  around = null,
  view,
}: {
  variable: QuestionnaireVariable;
  values: readonly AnswerValueAnswer[];
  /** the answer's own geometry: the geometric kinds' maps open on it when nothing is drawn */
  around?: GeoJsonGeometry | null;
  /** the maps' view when nothing is drawn and the answer has no geometry */
  view?: { center: LatLng; zoom: number };
}) {
  const label = useKindLabel();
  return (
    <dl className="cons-ans-readonly" data-testid="answer-readonly">
      {variable.variable_type.map(({ kind, options }) => {
        const value = values.find((v) => v.variable_type === kind);
        return (
          <div key={kind} className="cons-ans-readonly-row">
            <dt>{label(kind, options)}</dt>
            <dd>
              {isGeometryKind(kind) ? (
                <GeometryField
                  kind={kind}
                  name={`${variable.mname}-${kind}`}
                  options={options}
                  draft={shapesOf(value?.value ?? '')}
                  error={null}
                  around={around}
                  {...(view ? { view } : {})}
                />
              ) : value && (value.value !== '' || value.file) ? (
                <Value value={value} />
              ) : (
                <FormattedMessage id="consultation.answers.noValue" />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
