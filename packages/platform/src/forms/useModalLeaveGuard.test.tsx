import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { ConfirmHost, Modal } from '@agora/platform';
import { click, renderGuardApp, where } from '../../../../scripts/jest/leave-guard-app';
import { useModalLeaveGuard } from './useModalLeaveGuard';

let closed = 0;

function EditModal() {
  const [text, setText] = useState('');
  const requestClose = useModalLeaveGuard(text !== '', () => {
    closed += 1;
  });
  return (
    <Modal title="Edit" onClose={requestClose} testId="edit-modal">
      <label>
        Title
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="button" onClick={requestClose}>
        Cancel
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </Modal>
  );
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Title'), { target: { value: text } });

function EditModalWithConfirm() {
  return (
    <>
      <EditModal />
      <ConfirmHost />
    </>
  );
}

beforeEach(() => {
  closed = 0;
});

describe('useModalLeaveGuard', () => {
  it('closes and navigates at once while nothing changed', async () => {
    renderGuardApp(<EditModalWithConfirm />);
    await click(screen.getByRole('button', { name: 'Cancel' }));
    expect(closed).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(where()).toBe('/elsewhere');
  });

  it('asks before closing with unsaved changes: No keeps the modal, Yes closes it', async () => {
    renderGuardApp(<EditModalWithConfirm />);
    type('draft');
    await click(screen.getByRole('button', { name: 'Cancel' }));
    const question = screen.getByRole('alertdialog', { name: 'You have unsaved changes' });
    expect(question.textContent).toContain('If you close this window, your changes will be lost.');
    await click(within(question).getByRole('button', { name: 'No' }));
    expect(closed).toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // Esc on the form asks once, however often it is pressed
    fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'Escape' });
    await click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(closed).toBe(1);
  });

  it('asks before navigating away with unsaved changes: No stays, Yes goes on', async () => {
    renderGuardApp(<EditModalWithConfirm />);
    type('draft');
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    const question = screen.getByRole('alertdialog', { name: 'You have unsaved changes' });
    expect(question.textContent).toContain('If you leave this page, your changes will be lost.');
    await click(within(question).getByRole('button', { name: 'No' }));
    expect(where()).toBe('/edit');
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(where()).toBe('/elsewhere');
    expect(closed).toBe(0);
  });

  it('makes the browser ask before closing the tab while dirty, and speaks Greek', async () => {
    renderGuardApp(<EditModalWithConfirm />, 'el');
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    type('draft');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
    await click(screen.getByRole('button', { name: 'Cancel' }));
    const question = screen.getByRole('alertdialog', { name: 'Έχετε αλλαγές που δεν αποθηκεύτηκαν' });
    expect(question.textContent).toContain('Αν κλείσετε το παράθυρο');
  });
});
