import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '@agora/platform';
import type { CategoryCard } from '../categories/cards';

/** The enrol confirmation: the category's title and summary, then 'do you wish to continue'. */
export function EnrolDialog({
  category,
  busy,
  onConfirm,
  onCancel,
}: {
  category: CategoryCard;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={<FormattedMessage id="consultation.enrol.confirmTitle" values={{ title: category.title }} />}
      body={
        <>
          <FormattedMessage id="consultation.enrol.confirmText" />{' '}
          <FormattedMessage id="platform.msg.doYouWishToContinue" />
        </>
      }
      confirmLabel={<FormattedMessage id="consultation.enrol.confirm" />}
      cancelLabel={<FormattedMessage id="consultation.enrol.cancel" />}
      onConfirm={() => !busy && onConfirm()}
      onCancel={onCancel}
    />
  );
}
