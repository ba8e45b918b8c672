/**
 * "Load more" under a list read a page at a time: shown while there is a next page and none is
 * being read.
 */
export default function LoadMore({
  list,
  small = false,
}: {
  list: { hasMore: boolean; loading: boolean; loadMore: () => void };
  small?: boolean;
}) {
  if (!list.hasMore || list.loading) return null;
  return (
    <button
      type="button"
      className={small ? 'button button--secondary button--sm' : 'button button--secondary'}
      onClick={list.loadMore}
    >
      Load more
    </button>
  );
}
