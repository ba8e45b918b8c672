import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import { apiRequest } from '@site/src/lib/api';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import ProblemMessage from '../apiKeys/ProblemMessage';
import CodeCard from './CodeCard';
import type { RuleSummary } from './CodeRules';
import styles from './Codes.module.css';
import DesignsPanel from './DesignsPanel';
import type { CodeMode, Page, QrCode } from './types';

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

/** The account's rules (names for the codes' rule lists), all pages. */
function useRules(): RuleSummary[] {
  const [rules, setRules] = useState<RuleSummary[]>([]);
  useEffect(() => {
    let live = true;
    (async () => {
      const all: RuleSummary[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page: Page<RuleSummary> = await apiRequest<Page<RuleSummary>>(
          'GET',
          `/rules?limit=100${query}`,
        );
        all.push(...page.data);
        cursor = page.nextCursor;
      } while (cursor && all.length < 1000);
      if (live) setRules(all);
    })().catch(() => {
      // Without the list, rules show by id; assigning waits until it loads on the next visit.
    });
    return () => {
      live = false;
    };
  }, []);
  return rules;
}

/**
 * The code manager: the account's codes, filtered by text, tag and mode (kept in the URL), a page
 * at a time, each with its actions; saved designs above apply to the selected codes.
 */
export default function CodesManager() {
  const location = useLocation();
  const history = useHistory();
  const filters = filtersOf(location.search);
  const [draft, setDraft] = useState<Filters>(filters);
  const [codes, setCodes] = useState<QrCode[]>([]);
  // Cursors of the pages before the current one, so Previous can go back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const rules = useRules();
  const ids = { q: useId(), tag: useId(), mode: useId() };
  const filterKey = queryOf(filters, null);

  const load = useCallback(async (query: string) => {
    setLoading(true);
    setError(null);
    try {
      const page = await apiRequest<Page<QrCode>>('GET', `/qrcodes?${query}`);
      setCodes(page.data);
      setNextCursor(page.nextCursor);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  }, []);

  // A change of filters (the URL) starts again at the first page.
  useEffect(() => {
    setCursors([null]);
    setDraft(filtersOf(`?${filterKey}`));
    void load(filterKey);
  }, [filterKey, load]);

  const current = cursors[cursors.length - 1] ?? null;
  const goTo = (stack: (string | null)[]) => {
    setCursors(stack);
    void load(queryOf(filters, stack[stack.length - 1] ?? null));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (draft.q.trim()) params.set('q', draft.q.trim());
    if (draft.tag.trim()) params.set('tag', draft.tag.trim());
    if (draft.mode) params.set('mode', draft.mode);
    const search = params.toString();
    history.replace({ pathname: location.pathname, search: search ? `?${search}` : '' });
  };

  const replace = (changed: QrCode) =>
    setCodes((list) => list.map((code) => (code.id === changed.id ? changed : code)));
  const filtered = filters.q !== '' || filters.tag !== '' || filters.mode !== '';

  return (
    <div className={styles.layout}>
      <DesignsPanel
        selected={selected}
        onApplied={(applied) => {
          for (const code of applied) replace(code);
          setSelected([]);
        }}
      />

      <section aria-labelledby="codes-heading">
        <div className={styles.sectionHeader}>
          <h2 id="codes-heading">Your codes</h2>
          <Link className="button button--primary button--sm" to="/qr-design-tool">
            New code in the design tool
          </Link>
        </div>
        <form className={styles.filters} onSubmit={submit} aria-label="Filter codes">
          <div className={styles.field}>
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
          <div className={styles.field}>
            <label htmlFor={ids.tag}>Tag</label>
            <input
              id={ids.tag}
              value={draft.tag}
              maxLength={50}
              placeholder="menu"
              onChange={(event) => setDraft({ ...draft, tag: event.target.value })}
            />
          </div>
          <div className={styles.field}>
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

        <p role="status" className={styles.hint}>
          {announcement}
        </p>
        {error !== null && (
          <div>
            <ProblemMessage error={error} />
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => void load(queryOf(filters, current))}
            >
              Try loading again
            </button>
          </div>
        )}
        {loading && codes.length === 0 && <p className={styles.hint}>Loading your codes…</p>}
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
              onChanged={replace}
              onDeleted={(id) => {
                setCodes((list) => list.filter((c) => c.id !== id));
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
