import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LatLng } from '@agora/contracts';
import { searchPlace, useSettings } from '@agora/platform';

type Outcome =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'found'; at: LatLng } | { kind: 'none' | 'failed' };

/**
 * "Find a place by address" for keyboard and screen-reader users: a street, square or landmark typed in free
 * text, looked up with the site's geocoder (the settings' geocoderUrl; nothing is shown when none is
 * configured). The place found becomes the typed coordinates, to be placed with "place at these coordinates".
 */
export function PlaceSearch({ onFound }: { onFound: (at: LatLng) => void }) {
  const intl = useIntl();
  const id = useId();
  const { settings } = useSettings();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const geocoder = settings.geocoderUrl;
  if (!geocoder) return null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') return;
    setOutcome({ kind: 'busy' });
    try {
      const at = await searchPlace(geocoder, text);
      if (!at) return setOutcome({ kind: 'none' });
      setOutcome({ kind: 'found', at });
      onFound(at);
    } catch {
      setOutcome({ kind: 'failed' });
    }
  };

  return (
    <form className="cons-place-search" onSubmit={(e) => void onSubmit(e)} data-testid="place-search">
      <label htmlFor={`${id}-place`}>
        <FormattedMessage id="consultation.questionnaire.place.label" />
      </label>
      <div className="cons-actions">
        <input
          id={`${id}-place`}
          className="ag-input"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={intl.formatMessage({ id: 'consultation.questionnaire.place.placeholder' })}
          data-testid="place-search-text"
        />
        <button
          type="submit"
          className="ag-button"
          disabled={outcome.kind === 'busy'}
          data-testid="place-search-go"
        >
          <FormattedMessage id="consultation.questionnaire.place.find" />
        </button>
      </div>
      <p role="status" className="ag-field-hint" data-testid="place-search-outcome">
        {outcome.kind === 'found' && (
          <FormattedMessage
            id="consultation.questionnaire.place.found"
            values={{ lat: outcome.at.lat.toFixed(6), lng: outcome.at.lng.toFixed(6) }}
          />
        )}
        {outcome.kind === 'none' && <FormattedMessage id="consultation.questionnaire.place.none" />}
        {outcome.kind === 'failed' && <FormattedMessage id="consultation.questionnaire.place.failed" />}
      </p>
    </form>
  );
}
