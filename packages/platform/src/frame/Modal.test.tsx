import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { click, renderWeb } from '../../../../scripts/jest/web';
import { Modal } from './Modal';

function Nested({ onOuterClose }: { onOuterClose: () => void }) {
  const [inner, setInner] = useState(false);
  return (
    <Modal title="Outer" onClose={onOuterClose} testId="outer">
      <input aria-label="outer field" />
      <button type="button" onClick={() => setInner(true)}>
        open inner
      </button>
      {inner && (
        <Modal title="Inner" onClose={() => setInner(false)} testId="inner">
          <button type="button">first</button>
          <button type="button">last</button>
        </Modal>
      )}
    </Modal>
  );
}

describe('Modal opened from a modal', () => {
  it('Esc closes the inner one only, Tab stays in it, and focus goes back to the outer one', async () => {
    const onOuterClose = jest.fn();
    await renderWeb(<Nested onOuterClose={onOuterClose} />);
    const opener = screen.getByText('open inner');
    opener.focus();
    await click(opener);
    expect(document.activeElement?.textContent).toBe('first');
    screen.getByText('last').focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('first');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByTestId('inner')).toBeNull();
    expect(onOuterClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
    fireEvent.keyDown(opener, { key: 'Escape' });
    expect(onOuterClose).toHaveBeenCalledTimes(1);
  });
});
