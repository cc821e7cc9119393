import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { client } from '../api';
import { errorMessageId } from '../errorMessage';
import { useNotify } from '../notify/notify';
import { useApiGet } from '../useApi';
import { Checkbox } from './fields';

/**
 * "E-mail me when a consultation I answered publishes its results" (decision 0090): the profile's `results_mail`,
 * read from `GET /api/profile` and saved at once with `PUT /api/profile` (that field alone), on the profile page
 * and where a participant answers. Nothing is shown until the profile has loaded.
 */
export function ResultsMailCheckbox({ id = 'results-mail' }: { id?: string }) {
  const notify = useNotify();
  const { data, mutate } = useApiGet('/api/profile', {}, { revalidateOnFocus: false });
  const [busy, setBusy] = useState(false);
  if (!data) return null;

  async function change(on: boolean) {
    setBusy(true);
    try {
      const saved = await client.PUT('/api/profile', { body: { results_mail: on } });
      await mutate(saved, { revalidate: false });
      notify({
        type: 'success',
        body: on ? 'platform.resultsMail.on' : 'platform.resultsMail.off',
      });
    } catch (error) {
      notify({ type: 'warning', body: errorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Checkbox
      id={id}
      name="results_mail"
      label={<FormattedMessage id="platform.resultsMail.label" />}
      hint={<FormattedMessage id="platform.resultsMail.hint" />}
      value={data.results_mail === true}
      onChange={(on) => void change(on)}
      disabled={busy}
    />
  );
}
