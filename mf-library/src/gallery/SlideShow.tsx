import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Modal } from '@agora/platform';
import { type LibraryItem } from '@agora/library-ui';

/**
 * The slide show: one image at a time, previous/next buttons, ←/→ keys, Esc (or the close button) leaves.
 */
export function SlideShow({
  items,
  start = 0,
  onClose,
}: {
  items: readonly LibraryItem[];
  start?: number;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [index, setIndex] = useState(Math.min(Math.max(start, 0), Math.max(items.length - 1, 0)));
  const count = items.length;
  const item = items[index];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % Math.max(count, 1));
      else if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % Math.max(count, 1));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count]);

  return (
    <div className="lib-wide-modal">
      <Modal title={item?.title ?? ''} onClose={onClose} testId="slideshow">
        <div className="lib-slideshow">
          {item && (
            <figure>
              <img src={item.resource} alt={item.alt_text || item.title} data-testid="slide-image" />
              {item.description && <figcaption>{item.description}</figcaption>}
            </figure>
          )}
          <p aria-live="polite" data-testid="slide-position">
            {intl.formatMessage({ id: 'library.slides.position' }, { n: index + 1, total: count })}
          </p>
          <div className="ag-modal-actions">
            <button
              type="button"
              className="ag-button"
              onClick={() => setIndex((i) => (i - 1 + count) % count)}
              disabled={count < 2}
              data-testid="slide-prev"
            >
              {intl.formatMessage({ id: 'library.slides.previous' })}
            </button>
            <button
              type="button"
              className="ag-button"
              onClick={() => setIndex((i) => (i + 1) % count)}
              disabled={count < 2}
              data-testid="slide-next"
            >
              {intl.formatMessage({ id: 'library.slides.next' })}
            </button>
            <button
              type="button"
              className="ag-button ag-button-primary"
              onClick={onClose}
              data-testid="slide-close"
            >
              {intl.formatMessage({ id: 'library.close' })}
            </button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
