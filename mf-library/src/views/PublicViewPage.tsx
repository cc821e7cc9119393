import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { EmptyState, Loading, useApiGet } from '@agora/platform';
import { LoadError } from '../common/LoadError';
import { ItemFigure } from '../common/ItemFigure';

const SlideShow = lazy(() => import('../gallery/SlideShow').then((m) => ({ default: m.SlideShow })));

/** The public page of a library view (`/library/{uri…}`): title, description and its items. */
export default function PublicViewPage() {
  const intl = useIntl();
  const uri = useParams()['*'] ?? '';
  const { data: answer, error } = useApiGet('/api/', { params: { query: { action: 'libraryView', uri } } });
  // `action=libraryView` answers a view; the same path answers documentation pages for `action=documentation`
  const data = answer && 'items' in answer ? answer : undefined;
  const [slide, setSlide] = useState<number | null>(null);
  return (
    <article className="lib-public" data-testid="library-view-page">
      {error ? (
        <LoadError error={error} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <h1 data-testid="view-title">{data.title}</h1>
          {data.description && <p className="lib-detail-description">{data.description}</p>}
          {data.items.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="lib-grid" aria-label={intl.formatMessage({ id: 'library.gallery.list' })}>
              {data.items.map((item, i) => (
                <li key={item.uuid} className="lib-card" data-testid="public-view-item">
                  <button type="button" className="lib-card-button" onClick={() => setSlide(i)}>
                    <ItemFigure item={item} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {slide !== null && (
            <Suspense fallback={null}>
              <SlideShow items={data.items} start={slide} onClose={() => setSlide(null)} />
            </Suspense>
          )}
          <p className="ag-visually-hidden">
            <FormattedMessage id="library.views.public" />
          </p>
        </>
      )}
    </article>
  );
}
