import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal, useModalLeaveGuard } from '@agora/platform';
import { UserForm } from './UserForm';
import type { UserRow } from './types';

export interface UserEditModalProps {
  user: UserRow;
  /** the logged-in admin's uuid (see UserForm) */
  selfUuid?: string;
  onSaved: (user: UserRow) => void;
  onClose: () => void;
}

/**
 * The admin's user edit modal (spec part 1 §2: the user form as an edit modal). With unsaved changes, closing it
 * (Esc, the backdrop, Cancel) or leaving the page asks first.
 */
export function UserEditModal({ user, selfUuid, onSaved, onClose }: UserEditModalProps) {
  const [dirty, setDirty] = useState(false);
  const requestClose = useModalLeaveGuard(dirty, onClose);
  return (
    <Modal title={<FormattedMessage id="members.user.edit" />} onClose={requestClose} testId="user-edit">
      <UserForm
        mode="put"
        user={user}
        selfUuid={selfUuid}
        onSaved={onSaved}
        onCancel={requestClose}
        onDirtyChange={setDirty}
      />
    </Modal>
  );
}
