import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import type { QrCode } from '@site/src/api/codes';
import formStyles from '@site/src/components/Form.module.css';
import LoadFailure from '@site/src/components/LoadFailure';
import { codesMatching } from '@site/src/features/codes/api/bulk';
import { useCodeCount, useCodesPage, useRuleNames } from '@site/src/features/codes/api/codes';
import {
  filterParams,
  filterQuery,
  isFiltered,
  isSelected,
  listQuery,
  NO_SELECTION,
  nextSort,
  type Selection,
  type SortField,
  searchOf,
  selectedCount,
  type TableView,
  toggled,
  viewOf,
} from '@site/src/features/codes/model/table';
import type { CodeFilter } from '@site/src/lib/downloads';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import BulkActions, { type BulkResult, type BulkTarget } from './BulkActions';
import CodeCard from './CodeCard';
import styles from './Codes.module.css';
import CodesTable from './CodesTable';
import tableStyles from './CodesTable.module.css';
import DesignsPanel from './DesignsPanel';

const PAGE_SIZES = [20, 50, 100] as const;

/** The filters as the API's list filter object (the ZIP and the sheet take it). */
function filterObject(view: TableView): CodeFilter {
  const { enabled, ...rest } = Object.fromEntries(filterParams(view));
  return { ...rest, ...(enabled === undefined ? {} : { enabled: enabled === 'true' }) } as CodeFilter;
}

/**
 * The code manager: every code of the workspace in a dense table, sorted, searched and filtered on
 * the server (the view lives in the page address), a page at a time; a selection that can span
 * every code matching the filters, and bulk actions on it. Each row opens the code's card in place
 * (edit, rules, test a scan, delete) or its own page (analytics, downloads, history).
 */
export default function CodesManager({
  refusals = null,
}: {
  /** Why the workspace role may not create or change codes (a viewer); null when it may. */
  refusals?: { create: string; edit: string } | null;
} = {}) {
  const location = useLocation();
  const history = useHistory();
  const view = useMemo(() => viewOf(location.search), [location.search]);
  const filterKey = filterParams(view).toString();
  const viewKey = searchOf(view);
  const [draft, setDraft] = useState<TableView>(view);
  const [pageSize, setPageSize] = useState<number>(20);
  // Cursors of the pages before the current one, so Previous can go back; a change of the view
  // (the URL) or the page size starts again at the first page, in the same render.
  const pagingKey = `${viewKey}|${pageSize}`;
  const [paging, setPaging] = useState({ key: pagingKey, cursors: [null] as (string | null)[] });
  const cursors = paging.key === pagingKey ? paging.cursors : [null];
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const known = useRef(new Map<string, QrCode>());
  const rules = useRuleNames();
  const ids = {
    q: useId(),
    tag: useId(),
    hostname: useId(),
    mode: useId(),
    enabled: useId(),
    size: useId(),
    refusal: useId(),
  };
  const list = useCodesPage(listQuery(view, cursors[cursors.length - 1] ?? null, pageSize));
  const count = useCodeCount(filterQuery(view));
  const { codes, loading, error, nextCursor } = list;
  const total = count.total;

  for (const code of codes) known.current.set(code.id, code);

  // The form shows the view in force whenever it changes (the URL, Clear filters); a selection of
  // "all matching" belongs to the filters it was made under.
  useEffect(() => {
    setDraft(viewOf(viewKey));
  }, [viewKey]);
  useEffect(() => {
    setSelection((current) =>
      current.kind === 'all' && current.filterKey !== filterKey ? NO_SELECTION : current,
    );
  }, [filterKey]);

  // A search that finds one code opens its card: the manager then reads like the code's page.
  const single =
    codes.length === 1 && cursors.length === 1 && !nextCursor && isFiltered(view) ? codes[0] : undefined;
  const open = single ? new Set([...expanded, single.id]) : expanded;

  const show = (next: TableView) => {
    history.replace({ pathname: location.pathname, search: searchOf(next) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ ...draft, sort: view.sort });
  };

  const sortBy = (field: SortField) => show({ ...view, sort: nextSort(view.sort, field) });
  const goTo = (stack: (string | null)[]) => setPaging({ key: pagingKey, cursors: stack });

  const pageSelected = codes.length > 0 && codes.every((code) => isSelected(selection, code.id));
  const selected = selectedCount(selection, total);

  const selectPage = (on: boolean) =>
    setSelection((current) => codes.reduce((acc, code) => toggled(acc, code.id, on), current));

  const target: BulkTarget = {
    count: selected,
    async codes(onProgress) {
      if (selection.kind === 'ids') {
        return [...selection.ids].flatMap((id) => {
          const code = known.current.get(id);
          return code ? [code] : [];
        });
      }
      const all = await codesMatching(filterQuery(view), onProgress);
      return all.filter((code) => !selection.except.has(code.id));
    },
    async selector() {
      if (selection.kind === 'all' && selection.except.size === 0) return { filter: filterObject(view) };
      return { ids: (await this.codes(() => {})).map((code) => code.id) };
    },
    matching: selection.kind === 'all' ? { filter: filterObject(view), except: [...selection.except] } : null,
  };

  const afterBulk = (result: BulkResult) => {
    setAnnouncement(result.message);
    for (const code of result.changed) {
      known.current.set(code.id, code);
      list.replace(code);
    }
    if (result.deleted) {
      setSelection(NO_SELECTION);
      list.reload();
    }
    count.reload();
  };

  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));

  return (
    <div className={styles.layout}>
      {refusals === null && (
        <DesignsPanel
          selected={selection.kind === 'ids' ? [...selection.ids] : []}
          onApplied={(applied) => {
            for (const code of applied) list.replace(code);
            setSelection(NO_SELECTION);
          }}
        />
      )}

      <section aria-labelledby="codes-heading">
        <div className={styles.sectionHeader}>
          <h2 id="codes-heading">Your codes</h2>
          {refusals ? (
            <span className={styles.refused}>
              <button
                type="button"
                className="button button--primary button--sm"
                disabled
                aria-describedby={ids.refusal}
              >
                New code
              </button>
              <span id={ids.refusal} className={styles.refusal} data-testid="create-refusal">
                {refusals.create}
              </span>
            </span>
          ) : (
            <span className={styles.filterButtons}>
              <Link className="button button--secondary button--sm" to="/codes/import">
                Import codes
              </Link>
              <Link className="button button--primary button--sm" to="/qr-design-tool">
                New code in the design tool
              </Link>
            </span>
          )}
        </div>
        <form className={styles.filters} onSubmit={submit} aria-label="Filter codes">
          <div className={`${formStyles.field} ${styles.filterField}`}>
            <label htmlFor={ids.q}>Search</label>
            <input
              id={ids.q}
              type="search"
              value={draft.q}
              maxLength={200}
              placeholder="Title or slug"
              onChange={(event) => setDraft({ ...draft, q: event.target.value })}
            />
          </div>
          <div className={`${formStyles.field} ${styles.filterField}`}>
            <label htmlFor={ids.tag}>Tag</label>
            <input
              id={ids.tag}
              value={draft.tag}
              maxLength={50}
              placeholder="menu"
              onChange={(event) => setDraft({ ...draft, tag: event.target.value })}
            />
          </div>
          <div className={`${formStyles.field} ${styles.filterField}`}>
            <label htmlFor={ids.hostname}>Hostname</label>
            <input
              id={ids.hostname}
              value={draft.hostname}
              maxLength={253}
              placeholder="qr.example.com"
              onChange={(event) => setDraft({ ...draft, hostname: event.target.value })}
            />
          </div>
          <div className={`${formStyles.field} ${styles.filterField}`}>
            <label htmlFor={ids.mode}>Mode</label>
            <select
              id={ids.mode}
              value={draft.mode}
              onChange={(event) => setDraft({ ...draft, mode: event.target.value as TableView['mode'] })}
            >
              <option value="">All</option>
              <option value="redirect">Redirect</option>
              <option value="exec">Exec</option>
              <option value="static">Static</option>
            </select>
          </div>
          <div className={`${formStyles.field} ${styles.filterField}`}>
            <label htmlFor={ids.enabled}>State</label>
            <select
              id={ids.enabled}
              value={draft.enabled}
              onChange={(event) =>
                setDraft({ ...draft, enabled: event.target.value as TableView['enabled'] })
              }
            >
              <option value="">On and off</option>
              <option value="true">Enabled</option>
              <option value="false">Disabled</option>
            </select>
          </div>
          <div className={styles.filterButtons}>
            <button type="submit" className="button button--secondary">
              Filter
            </button>
            {isFiltered(view) && (
              <button
                type="button"
                className="button button--link"
                onClick={() => show({ ...EMPTY_FILTERS, sort: view.sort })}
              >
                Clear filters
              </button>
            )}
          </div>
        </form>

        <div className={tableStyles.bulkBar} data-testid="selection-bar">
          <span data-testid="codes-count">
            {total === undefined ? 'Counting…' : `${total} code${total === 1 ? '' : 's'}`}
            {selected > 0 && ` · ${selected} selected`}
          </span>
          {selection.kind === 'ids' && pageSelected && total !== undefined && total > codes.length && (
            <button
              type="button"
              className="button button--link button--sm"
              onClick={() => setSelection({ kind: 'all', filterKey, except: new Set() })}
            >
              Select all {total} matching
            </button>
          )}
          {selected > 0 && (
            <button
              type="button"
              className="button button--link button--sm"
              onClick={() => setSelection(NO_SELECTION)}
            >
              Clear selection
            </button>
          )}
          {refusals === null && selected > 0 && <BulkActions target={target} onDone={afterBulk} />}
        </div>

        <p role="status" className={formStyles.hint} data-testid="codes-announcement">
          {announcement}
        </p>
        <LoadFailure error={error} onRetry={list.reload} />
        {loading && codes.length === 0 && <p className={formStyles.hint}>Loading your codes…</p>}
        {!loading && error === null && codes.length === 0 && (
          <p className={styles.empty} data-testid="codes-empty">
            {isFiltered(view) ? (
              'No code matches these filters.'
            ) : (
              <>
                No codes yet. Design one in the <Link to="/qr-design-tool">design tool</Link> and create it
                there, <Link to="/codes/import">import a file</Link>, or use{' '}
                <Link to="pathname:///api/docs">the API</Link>.
              </>
            )}
          </p>
        )}
        {codes.length > 0 && (
          <div aria-busy={loading}>
            <CodesTable
              codes={codes}
              sort={view.sort}
              onSort={sortBy}
              isSelected={(id) => isSelected(selection, id)}
              onSelect={(id, on) => setSelection((current) => toggled(current, id, on))}
              pageSelected={pageSelected}
              onSelectPage={selectPage}
              expanded={open}
              onExpand={(id, next) =>
                setExpanded((current) => {
                  const copy = new Set(current);
                  if (next) copy.add(id);
                  else copy.delete(id);
                  return copy;
                })
              }
              renderDetails={(code) => (
                <CodeCard
                  code={code}
                  rules={rules}
                  selected={isSelected(selection, code.id)}
                  onSelect={(on) => setSelection((current) => toggled(current, code.id, on))}
                  onChanged={(changed) => {
                    known.current.set(changed.id, changed);
                    list.replace(changed);
                  }}
                  editRefusal={refusals?.edit ?? null}
                  onDeleted={(id) => {
                    list.remove(id);
                    setSelection((current) => toggled(current, id, false));
                    setAnnouncement(`Deleted ${code.title ?? code.slug}.`);
                    count.reload();
                  }}
                />
              )}
            />
          </div>
        )}
        <nav className={tableStyles.pager} aria-label="Pages of codes">
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={cursors.length <= 1 || loading}
            onClick={() => goTo(cursors.slice(0, -1))}
          >
            Previous page
          </button>
          <span data-testid="page-number">
            Page {cursors.length}
            {pages !== undefined ? ` of ${pages}` : ''}
          </span>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={!nextCursor || loading}
            onClick={() => goTo([...cursors, nextCursor])}
          >
            Next page
          </button>
          <label htmlFor={ids.size}>Rows per page</label>
          <select
            id={ids.size}
            value={pageSize}
            onChange={(event) => setPageSize(Number(event.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </nav>
      </section>
    </div>
  );
}

const EMPTY_FILTERS: Omit<TableView, 'sort'> = { q: '', tag: '', hostname: '', mode: '', enabled: '' };
