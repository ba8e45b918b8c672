import LoadFailure from '@site/src/components/LoadFailure';
import LoadMore from '@site/src/components/LoadMore';
import type { GrowingList } from '@site/src/lib/serverData';
import type { ReactNode } from 'react';

/**
 * The section that lists a workspace's rules, hostnames or endpoints a page at a time: its heading,
 * a status line announcing what was just added or deleted, the read's failure, "Loading…" until the
 * first page comes, `empty` when there is nothing, the items (`children`) and "Load more".
 */
export default function ListSection<T extends { id: string }>({
  id,
  heading,
  list,
  announcement,
  loading,
  empty,
  hintClass,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  list: GrowingList<T>;
  announcement: string;
  /** What shows while the first page is read ("Loading your rules…"). */
  loading: string;
  empty: ReactNode;
  /** The feature's class for small grey text (status line and loading). */
  hintClass?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <p role="status" className={hintClass}>
        {announcement}
      </p>
      <LoadFailure error={list.error} onRetry={list.reload} />
      {list.error === null &&
        list.items.length === 0 &&
        (list.loading ? <p className={hintClass}>{loading}</p> : empty)}
      {children}
      <LoadMore list={list} />
    </section>
  );
}
