import { useState, type ReactNode } from 'react';
import type { CategoryCard } from '../categories/cards';
import { EnrolDialog } from './EnrolDialog';
import { useEnrol } from './useEnrol';

/**
 * The enrol button's flow: `ask(category)` opens the confirmation, Yes enrols (see `useEnrol`), No or Esc closes
 * it (then `onCancel`). `dialog` is what the page renders.
 */
export function useEnrolDialog(
  basePath: string,
  onCancel?: () => void,
): { ask: (category: CategoryCard) => void; dialog: ReactNode } {
  const [asked, setAsked] = useState<CategoryCard | null>(null);
  const [busy, setBusy] = useState(false);
  const enrol = useEnrol(basePath, () => {
    setBusy(false);
    setAsked(null);
  });
  const dialog = asked && (
    <EnrolDialog
      category={asked}
      busy={busy}
      onConfirm={() => {
        setBusy(true);
        void enrol(asked);
      }}
      onCancel={() => {
        setAsked(null);
        onCancel?.();
      }}
    />
  );
  return { ask: setAsked, dialog };
}
