import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import type { CodeMode } from '@site/src/api/codes';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { useCodesPage, useRuleNames } from '@site/src/features/codes/api/codes';
import { type FormEvent, useEffect, useId, useState } from 'react';
import CodeCard from './CodeCard';
import styles from './Codes.module.css';
import DesignsPanel from './DesignsPanel';

const PAGE_SIZE = 10;

interface Filters {
  q: string;
  tag: string;
  mode: '' | CodeMode;
}

function filtersOf(search: string): Filters {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  return {
    q: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
    mode: mode === 'redirect' || mode === 'exec' || mode === 'static' ? mode : '',
  };
}

function queryOf(filters: Filters, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filters.q) params.set('q', filters.q);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.mode) params.set('mode', filters.mode);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/**
 * The code manager: the account's codes, filtered by text, tag and mode (kept in the URL), a page
 * at a time, each with its actions; saved designs above apply to the selected codes.
 */
export default function CodesManager({
  refusals = null,
}: {
  /** Why the workspace role may not create or change codes (a viewer); null when it may. */
  refusals?: { create: string; edit: string } | null;
} = {}) {
  const location = useLocation();
  const history = useHistory();
  const filters = filtersOf(location.search);
  const filterKey = queryOf(filters, null);
  const [draft, setDraft] = useState<Filters>(filters);
  // Cursors of the pages before the current one, so Previous can go back; a change of filters (the
  // URL) starts again at the first page, in the same render (so no request goes out for the old cursor).
  const [paging, setPaging] = useState({ filterKey, cursors: [null] as (string | null)[] });
  const cursors = paging.filterKey === filterKey ? paging.cursors : [null];
  const [selected, setSelected] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const rules = useRuleNames();
  const ids = { q: useId(), tag: useId(), mode: useId(), refusal: useId() };
  const list = useCodesPage(queryOf(filters, cursors[cursors.length - 1] ?? null));
  const { codes, loading, error, nextCursor } = list;

  // The form shows the filters in force whenever they change (the URL, Clear filters).
  useEffect(() => {
    setDraft(filtersOf(`?${filterKey}`));
  }, [filterKey]);

  const goTo = (stack: (string | null)[]) => setPaging({ filterKey, cursors: stack });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (draft.q.trim()) params.set('q', draft.q.trim());
    if (draft.tag.trim()) params.set('tag', draft.tag.trim());
    if (draft.mode) params.set('mode', draft.mode);
    const search = params.toString();
    history.replace({ pathname: location.pathname, search: search ? `?${search}` : '' });
  };

  const filtered = filters.q !== '' || filters.tag !== '' || filters.mode !== '';

  return (
    <div className={styles.layout}>
      {refusals === null && (
        <DesignsPanel
          selected={selected}
          onApplied={(applied) => {
            for (const code of applied) list.replace(code);
            setSelected([]);
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
            <Link className="button button--primary button--sm" to="/qr-design-tool">
              New code in the design tool
            </Link>
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
            <label htmlFor={ids.mode}>Mode</label>
            <select
              id={ids.mode}
              value={draft.mode}
              onChange={(event) => setDraft({ ...draft, mode: event.target.value as Filters['mode'] })}
            >
              <option value="">All</option>
              <option value="redirect">Redirect</option>
              <option value="exec">Exec</option>
              <option value="static">Static</option>
            </select>
          </div>
          <div className={styles.filterButtons}>
            <button type="submit" className="button button--secondary">
              Filter
            </button>
            {filtered && (
              <button
                type="button"
                className="button button--link"
                onClick={() => history.replace({ pathname: location.pathname, search: '' })}
              >
                Clear filters
              </button>
            )}
          </div>
        </form>

        <p role="status" className={formStyles.hint}>
          {announcement}
        </p>
        {error !== null && (
          <div>
            <ProblemMessage error={error} />
            <button type="button" className="button button--secondary button--sm" onClick={list.reload}>
              Try loading again
            </button>
          </div>
        )}
        {loading && codes.length === 0 && <p className={formStyles.hint}>Loading your codes…</p>}
        {!loading && error === null && codes.length === 0 && (
          <p className={styles.empty} data-testid="codes-empty">
            {filtered ? (
              'No code matches these filters.'
            ) : (
              <>
                No codes yet. Design one in the <Link to="/qr-design-tool">design tool</Link> and create it
                there, or with <Link to="pathname:///api/docs">the API</Link>.
              </>
            )}
          </p>
        )}
        <div className={styles.list} aria-busy={loading}>
          {codes.map((code) => (
            <CodeCard
              key={code.id}
              code={code}
              rules={rules}
              selected={selected.includes(code.id)}
              onSelect={(on) =>
                setSelected((list) => (on ? [...list, code.id] : list.filter((id) => id !== code.id)))
              }
              onChanged={list.replace}
              editRefusal={refusals?.edit ?? null}
              onDeleted={(id) => {
                list.remove(id);
                setSelected((list) => list.filter((s) => s !== id));
                setAnnouncement(`Deleted ${code.title ?? code.slug}.`);
              }}
            />
          ))}
        </div>
        {(cursors.length > 1 || nextCursor) && (
          <nav className={styles.pager} aria-label="Pages of codes">
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={cursors.length <= 1 || loading}
              onClick={() => goTo(cursors.slice(0, -1))}
            >
              Previous page
            </button>
            <span>Page {cursors.length}</span>
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={!nextCursor || loading}
              onClick={() => goTo([...cursors, nextCursor])}
            >
              Next page
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
