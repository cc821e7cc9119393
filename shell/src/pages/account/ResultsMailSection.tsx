import { FormattedMessage } from 'react-intl';
import { ResultsMailCheckbox } from '@agora/platform';

/** The results mail on /profile (decision 0090): told by e-mail when a consultation one answered publishes its results. */
export function ResultsMailSection() {
  return (
    <section className="sh-panel" data-testid="results-mail">
      <h2>
        <FormattedMessage id="shell.resultsMail.title" />
      </h2>
      <ResultsMailCheckbox />
    </section>
  );
}
