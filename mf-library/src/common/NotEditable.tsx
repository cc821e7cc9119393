import { FormattedMessage } from 'react-intl';

/**
 * What an edit page shows instead of its form when the answer says the user may not edit what it names
 * (`can_edit` false): the server's own refusal (LIBRARY.NOT_OWNER) in words, and nothing to save.
 */
export function NotEditable() {
  return (
    <p className="ag-error" role="alert" data-testid="not-editable">
      <FormattedMessage id="platform.error.LIBRARY.NOT_OWNER" />
    </p>
  );
}
