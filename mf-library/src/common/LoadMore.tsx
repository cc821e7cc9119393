import { FormattedMessage } from 'react-intl';

interface PagedList {
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
}

/** The 'load more' button under a paged list, shown while the list has more pages. */
export function LoadMore({ list, testId }: { list: PagedList; testId?: string }) {
  if (!list.hasMore) return null;
  return (
    <button
      type="button"
      className="ag-button lib-more"
      onClick={list.loadMore}
      disabled={list.loading}
      data-testid={testId}
    >
      <FormattedMessage id="library.loadMore" />
    </button>
  );
}
