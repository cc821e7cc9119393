import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { LibraryItemAnswer } from '@agora/contracts/api';
import { client, EmptyState, ErrorFromCall, Loading, useNotify } from '@agora/platform';
import {
  LibrarySelectModal,
  MarkerSelectModal,
  fetchLibraryPage,
  Reactions,
  TagInput,
  usePagedList,
} from '@agora/library-ui';
import { LibraryLayout } from '../common/LibraryLayout';
import { useHref } from '../common/base';
import { DeleteButton } from '../common/DeleteButton';
import { ItemFigure } from '../common/ItemFigure';
import { LoadMore } from '../common/LoadMore';

const SlideShow = lazy(() => import('./SlideShow').then((m) => ({ default: m.SlideShow })));

/**
 * /admin/library/gallery: the image grid (1/2/3/4 columns below 500/from 500/900/1500 px) of thumbnails, a tag
 * filter, load more, a detail sidebar (edit and delete where the user may), a slide show and the select mode.
 */
export default function GalleryPage() {
  const intl = useIntl();
  const href = useHref();
  const notify = useNotify();
  const [tags, setTags] = useState<string[]>([]);
  const [detail, setDetail] = useState<LibraryItemAnswer | null>(null);
  const [slides, setSlides] = useState<number | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [markers, setMarkers] = useState(false);
  const list = usePagedList((n) => fetchLibraryPage(n, tags), tags.join(';'));
  const items = list.items;

  return (
    <LibraryLayout
      title={<FormattedMessage id="library.gallery.title" />}
      actions={
        <>
          <button
            type="button"
            className="ag-button"
            onClick={() => setSlides(0)}
            disabled={items.length === 0}
            data-testid="start-slideshow"
          >
            <FormattedMessage id="library.slides.start" />
          </button>
          <button
            type="button"
            className="ag-button"
            onClick={() => setSelecting(true)}
            data-testid="select-mode"
          >
            <FormattedMessage id="library.gallery.select" />
          </button>
          <button
            type="button"
            className="ag-button"
            onClick={() => setMarkers(true)}
            data-testid="open-markers"
          >
            <FormattedMessage id="library.gallery.markers" />
          </button>
          <Link className="ag-button ag-button-primary" to={href('/admin/library/upload')}>
            <FormattedMessage id="library.nav.upload" />
          </Link>
        </>
      }
    >
      <div className="lib-filter">
        <TagInput
          tags={tags}
          onChange={setTags}
          label={intl.formatMessage({ id: 'library.gallery.filter' })}
          name="filter-tags"
        />
      </div>
      <div className={`lib-gallery${detail ? ' has-detail' : ''}`}>
        <div className="lib-gallery-main">
          {list.error ? (
            <ErrorFromCall error={list.error} />
          ) : list.loading && items.length === 0 ? (
            <Loading />
          ) : items.length === 0 ? (
            <EmptyState>
              <FormattedMessage id={tags.length ? 'library.gallery.noMatch' : 'library.gallery.empty'} />
            </EmptyState>
          ) : (
            <ul className="lib-grid" aria-label={intl.formatMessage({ id: 'library.gallery.list' })}>
              {items.map((item) => (
                <li key={item.uuid} className="lib-card" data-testid="library-item-row">
                  <button
                    type="button"
                    className={`lib-card-button${detail?.uuid === item.uuid ? ' is-current' : ''}`}
                    onClick={() => setDetail(item)}
                    aria-pressed={detail?.uuid === item.uuid}
                  >
                    <ItemFigure item={item} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={list} testId="load-more" />
        </div>
        {detail && (
          <aside
            className="lib-detail"
            aria-label={intl.formatMessage({ id: 'library.gallery.detail' })}
            data-testid="library-detail"
          >
            <div className="lib-detail-head">
              <h2>{detail.title}</h2>
              <button
                type="button"
                className="ag-button"
                onClick={() => setDetail(null)}
                aria-label={intl.formatMessage({ id: 'library.close' })}
              >
                ×
              </button>
            </div>
            {detail.tags.length > 0 && (
              <ul className="lib-tags" aria-label={intl.formatMessage({ id: 'library.tags' })}>
                {detail.tags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            )}
            <img className="lib-detail-image" src={detail.resource} alt={detail.alt_text} />
            {detail.documentation && (
              <p>
                <a
                  href={detail.documentation}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="detail-documentation"
                >
                  <FormattedMessage id="library.documentationLink" />
                </a>
              </p>
            )}
            {detail.description && <p className="lib-detail-description">{detail.description}</p>}
            <Reactions key={detail.uuid} scope="library" token={detail.uuid} />
            <div className="lib-detail-actions">
              <button
                type="button"
                className="ag-button"
                onClick={() =>
                  setSlides(
                    Math.max(
                      0,
                      items.findIndex((i) => i.uuid === detail.uuid),
                    ),
                  )
                }
                data-testid="detail-slideshow"
              >
                <FormattedMessage id="library.slides.start" />
              </button>
              {detail.can_edit && (
                <Link
                  className="ag-button ag-button-primary"
                  to={href(`/admin/library/upload/item/${encodeURIComponent(detail.uuid)}`)}
                  data-testid="detail-edit"
                >
                  <FormattedMessage id="library.edit" />
                </Link>
              )}
              {detail.can_delete && (
                <DeleteButton
                  send={() =>
                    client.DELETE('/api/library/uuid/{uuid}', { params: { path: { uuid: detail.uuid } } })
                  }
                  onDeleted={() => {
                    setDetail(null);
                    list.reload();
                  }}
                  testId="detail-delete"
                  className="ag-button lib-button-danger"
                />
              )}
            </div>
          </aside>
        )}
      </div>
      <Suspense fallback={null}>
        {slides !== null && items.length > 0 && (
          <SlideShow items={items} start={slides} onClose={() => setSlides(null)} />
        )}
        {selecting && (
          <LibrarySelectModal
            onClose={() => setSelecting(false)}
            onAccept={(chosen) => {
              setSelecting(false);
              notify({
                type: 'info',
                body: intl.formatMessage({ id: 'library.gallery.selected' }, { n: chosen.length }),
              });
            }}
          />
        )}
      </Suspense>
      {markers && <MarkerSelectModal onClose={() => setMarkers(false)} onSelect={() => setMarkers(false)} />}
    </LibraryLayout>
  );
}
