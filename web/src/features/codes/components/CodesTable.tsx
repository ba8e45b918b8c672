import Link from '@docusaurus/Link';
import type { QrCode } from '@site/src/api/codes';
import CodeBadges from '@site/src/components/linkControls/CodeBadges';
import { useScrollsSideways } from '@site/src/components/ScrollableTable';
import type { Sort, SortField } from '@site/src/features/codes/model/table';
import { type ReactNode, useRef } from 'react';
import styles from './CodesTable.module.css';

const MODE_LABELS = { redirect: 'Redirect', exec: 'Exec', static: 'Static' } as const;

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** Where the code sends scanners (or what it holds), in one line. */
export function targetOf(code: QrCode): string {
  if (code.mode === 'redirect') return code.target ?? '';
  if (code.mode === 'exec') return code.exec?.url ?? '';
  const data = code.data;
  if (!data) return '';
  switch (data.kind) {
    case 'text':
      return data.text;
    case 'url':
      return data.url;
    case 'email':
      return `mailto:${data.to}`;
    case 'phone':
      return `tel:${data.number}`;
    case 'sms':
      return `sms:${data.number}`;
    case 'wifi':
      return `Wi-Fi ${data.ssid}`;
    case 'vcard':
      return data.name;
    case 'geo':
      return `${data.lat}, ${data.lng}`;
  }
}

export function codePath(id: string): string {
  return `/codes/view?id=${encodeURIComponent(id)}`;
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
  className,
}: {
  field: SortField;
  label: string;
  sort: Sort | null;
  onSort: (field: SortField) => void;
  className?: string;
}) {
  const active = sort?.field === field;
  const direction = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(field)}>
        {label}
        <span aria-hidden="true" className={styles.sortMark}>
          {active ? (sort.descending ? '▼' : '▲') : '↕'}
        </span>
        <span className="sr-only">
          {active ? `, sorted ${direction}; sort ${sort.descending ? 'ascending' : 'descending'}` : ', sort'}
        </span>
      </button>
    </th>
  );
}

/**
 * The dense table of codes: a checkbox per row (and one for the page), headers that sort on the
 * server, and per row a link to the code's page and a Details toggle that opens its card in place.
 */
export default function CodesTable({
  codes,
  sort,
  onSort,
  isSelected,
  onSelect,
  pageSelected,
  onSelectPage,
  expanded,
  onExpand,
  renderDetails,
}: {
  codes: readonly QrCode[];
  sort: Sort | null;
  onSort: (field: SortField) => void;
  isSelected: (id: string) => boolean;
  onSelect: (id: string, on: boolean) => void;
  pageSelected: boolean;
  onSelectPage: (on: boolean) => void;
  expanded: ReadonlySet<string>;
  onExpand: (id: string, open: boolean) => void;
  renderDetails: (code: QrCode) => ReactNode;
}) {
  const scroller = useRef<HTMLElement>(null);
  const scrolls = useScrollsSideways(scroller);
  return (
    // Narrower than the table's least width, the box scrolls sideways, by keyboard too (WCAG 2.1.1):
    // it is then a named region a keyboard can stop at.
    <section
      ref={scroller}
      className={styles.scroller}
      tabIndex={scrolls ? 0 : undefined}
      aria-label={scrolls ? 'Your codes (scrolls sideways)' : undefined}
    >
      <table className={styles.table} data-testid="codes-table">
        <caption className="sr-only">Your codes, one row each</caption>
        <colgroup>
          <col className={styles.checkColumn} />
          <col className={styles.slugColumn} />
          <col className={styles.titleColumn} />
          <col className={styles.modeColumn} />
          <col className={styles.targetColumn} />
          <col className={styles.tagsColumn} />
          <col className={styles.hostnameColumn} />
          <col className={styles.scansColumn} />
          <col className={styles.dateColumn} />
          <col className={styles.actionsColumn} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCell}>
              <input
                type="checkbox"
                aria-label="Select every code on this page"
                checked={pageSelected && codes.length > 0}
                disabled={codes.length === 0}
                onChange={(event) => onSelectPage(event.target.checked)}
              />
            </th>
            <SortHeader field="slug" label="Slug" sort={sort} onSort={onSort} />
            <SortHeader field="title" label="Title" sort={sort} onSort={onSort} />
            <th scope="col">Mode</th>
            <th scope="col">Target</th>
            <th scope="col">Tags</th>
            <th scope="col">Hostname</th>
            <SortHeader field="scans" label="Scans" sort={sort} onSort={onSort} className={styles.number} />
            <SortHeader field="updatedAt" label="Updated" sort={sort} onSort={onSort} />
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => {
            const open = expanded.has(code.id);
            const selected = isSelected(code.id);
            return (
              <CodeRow
                key={code.id}
                code={code}
                open={open}
                selected={selected}
                onSelect={(on) => onSelect(code.id, on)}
                onExpand={(next) => onExpand(code.id, next)}
                details={open ? renderDetails(code) : null}
              />
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function CodeRow({
  code,
  open,
  selected,
  onSelect,
  onExpand,
  details,
}: {
  code: QrCode;
  open: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onExpand: (open: boolean) => void;
  details: ReactNode;
}) {
  const detailsId = `details-${code.id}`;
  const target = targetOf(code);
  return (
    <>
      <tr
        data-testid="code-row"
        data-slug={code.slug}
        aria-selected={selected}
        className={selected ? styles.selectedRow : undefined}
      >
        <td className={styles.checkCell}>
          <input
            type="checkbox"
            aria-label={`Select ${code.slug}`}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        </td>
        <th scope="row" className={styles.slug}>
          <div className={styles.slugCell}>
            <img
              className={styles.thumb}
              src={code.imageUrl}
              alt={`QR code ${code.title ?? code.slug}`}
              width={28}
              height={28}
              loading="lazy"
              decoding="async"
            />
            <div className={styles.slugName}>
              <Link to={codePath(code.id)}>{code.slug}</Link>
              {!code.enabled && <span className="badge badge--secondary">off</span>}
              {code.mode !== 'static' && <CodeBadges code={code} />}
              {/* A warning (an exec URL the server may not call) must be seen without opening the row. */}
              {code.warnings?.length ? (
                <span
                  className="badge badge--danger"
                  data-testid="code-row-warning"
                  title={code.warnings.join('\n')}
                >
                  needs attention<span className="sr-only">: {code.warnings.join(' ')}</span>
                </span>
              ) : null}
            </div>
          </div>
        </th>
        <td>{code.title ?? ''}</td>
        <td>{MODE_LABELS[code.mode]}</td>
        <td className={styles.target} title={target}>
          {target}
        </td>
        <td className={styles.tags}>
          {code.tags.map((tag) => (
            <span key={tag} className="badge badge--info">
              {tag}
            </span>
          ))}
        </td>
        <td>{code.hostname ?? ''}</td>
        <td className={styles.number}>{code.mode === 'static' ? '' : code.scans.total}</td>
        <td className={styles.date}>
          <time dateTime={code.updatedAt}>
            <span>{DAY.format(new Date(code.updatedAt))}</span>{' '}
            <span>{TIME.format(new Date(code.updatedAt))}</span>
          </time>
        </td>
        <td>
          <button
            type="button"
            className="button button--link button--sm"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => onExpand(!open)}
          >
            Details<span className="sr-only"> of {code.slug}</span>
          </button>
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className={styles.detailsRow}>
          <td colSpan={10}>{details}</td>
        </tr>
      )}
    </>
  );
}
