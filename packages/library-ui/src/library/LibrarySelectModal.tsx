import { useState } from 'react';
import { client, Modal } from '@agora/platform';
import { TagInput } from './TagInput';
import { useLibraryText } from './texts';
import { fetchLibraryPage, type LibraryItem } from './types';
import { usePagedList } from './usePagedList';
import './library.css';

export interface LibrarySelectModalProps {
  /** several items (library views) or one (an image field) */
  multiple?: boolean;
  /** uuids chosen already */
  selected?: readonly string[];
  /** the chosen items, in the order they were chosen */
  onAccept: (items: LibraryItem[]) => void;
  onClose: () => void;
  title?: string;
}

/**
 * The gallery's select mode as a modal (spec part 1 §2): thumbnails with a tag filter and "load more", click (or
 * Space/Enter) toggles an image, Accept hands the chosen items back. Items chosen before opening are fetched by
 * uuid so they are returned even when not on the loaded pages.
 */
export function LibrarySelectModal({
  multiple = true,
  selected = [],
  onAccept,
  onClose,
  title,
}: LibrarySelectModalProps) {
  const t = useLibraryText();
  const [tags, setTags] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string[]>([...selected]);
  const [busy, setBusy] = useState(false);
  const list = usePagedList((n) => fetchLibraryPage(n, tags), tags.join(';'));

  const toggle = (uuid: string) =>
    setChosen((c) => (c.includes(uuid) ? c.filter((u) => u !== uuid) : multiple ? [...c, uuid] : [uuid]));

  const accept = async () => {
    const known = new Map(list.items.map((i) => [i.uuid, i]));
    const missing = chosen.filter((u) => !known.has(u));
    if (missing.length > 0) {
      setBusy(true);
      try {
        const more = await client.GET('/api/library/uuid/{uuids}', {
          params: { path: { uuids: missing.join(';') } },
        });
        for (const item of more ?? []) known.set(item.uuid, item);
      } catch {
        // unknown or deleted items are simply left out
      } finally {
        setBusy(false);
      }
    }
    onAccept(chosen.map((u) => known.get(u)).filter((i): i is LibraryItem => !!i));
  };

  return (
    <div className="ag-lib-wide">
      <Modal
        title={title ?? (multiple ? t('selectTitle') : t('selectOneTitle'))}
        onClose={onClose}
        testId="library-select-modal"
      >
        <div className="ag-lib-select">
          <TagInput tags={tags} onChange={setTags} name="select-tags" />
          {list.error ? (
            <p role="alert">{t('failed')}</p>
          ) : list.items.length === 0 && !list.loading ? (
            <p>{t('noImages')}</p>
          ) : (
            <ul
              className="ag-lib-select-grid"
              role="listbox"
              aria-multiselectable={multiple}
              aria-label={t('selectTitle')}
            >
              {list.items.map((item) => {
                const on = chosen.includes(item.uuid);
                return (
                  <li
                    key={item.uuid}
                    role="option"
                    aria-selected={on}
                    tabIndex={0}
                    className={on ? 'is-selected' : undefined}
                    data-testid="select-item"
                    onClick={() => toggle(item.uuid)}
                    onKeyDown={(e) => {
                      if (e.key === ' ' || e.key === 'Enter') {
                        e.preventDefault();
                        toggle(item.uuid);
                      }
                    }}
                  >
                    <img
                      src={item.thumbnail ?? item.resource}
                      alt={item.alt_text || item.title}
                      loading="lazy"
                    />
                    <span>{item.title}</span>
                  </li>
                );
              })}
            </ul>
          )}
          {list.loading && <p role="status">{t('loading')}</p>}
          {list.hasMore && (
            <button
              type="button"
              className="ag-button"
              onClick={list.loadMore}
              data-testid="select-load-more"
            >
              {t('loadMore')}
            </button>
          )}
        </div>
        <div className="ag-modal-actions">
          <span className="ag-lib-select-count" aria-live="polite">
            {t('selected', { n: chosen.length })}
          </span>
          <button type="button" className="ag-button" onClick={onClose}>
            {t('close')}
          </button>
          <button
            type="button"
            className="ag-button ag-button-primary"
            onClick={() => void accept()}
            disabled={busy}
            data-testid="select-accept"
          >
            {t('accept')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
