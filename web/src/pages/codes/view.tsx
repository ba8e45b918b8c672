import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import type { QrCode } from '@site/src/api/codes';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import RequireAccount from '@site/src/components/RequireAccount';
import TableHead from '@site/src/components/TableHead';
import BreakdownTable from '@site/src/features/analytics/components/BreakdownTable';
import SeriesCard from '@site/src/features/analytics/components/SeriesCard';
import SummaryStats from '@site/src/features/analytics/components/SummaryStats';
import { useDashboardData } from '@site/src/features/analytics/hooks/useDashboardData';
import { browserTimeZone, rangeLabel, viewOf } from '@site/src/features/analytics/model/analyticsModel';
import { useCode, useRuleNames } from '@site/src/features/codes/api/codes';
import CodeCard from '@site/src/features/codes/components/CodeCard';
import CodeDownloads from '@site/src/features/codes/components/CodeDownloads';
import { useActorNames } from '@site/src/features/workspaces/hooks/useActorNames';
import { useAuditLog } from '@site/src/features/workspaces/hooks/useAuditLog';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import { useWorkspace } from '@site/src/lib/workspace';
import Layout from '@theme/Layout';
import { useMemo, useState } from 'react';

/** The code's scans of the last 30 days: the analytics dashboard's numbers, filtered to this code. */
function CodeAnalytics({ code }: { code: QrCode }) {
  const [chart, setChart] = useState<'line' | 'bars'>('line');
  const view = useMemo(
    () => ({ ...viewOf(`?qrcode=${code.id}`, browserTimeZone()), chart }),
    [code.id, chart],
  );
  const { data, error } = useDashboardData(view, rangeLabel(view));
  const names = { [code.id]: code.title ?? code.slug };
  const summary = data?.summary;
  return (
    <section aria-labelledby="analytics-heading">
      <h2 id="analytics-heading">Analytics, last 30 days</h2>
      <p>
        <Link to={`/analytics?qrcode=${encodeURIComponent(code.id)}`}>All analytics of this code</Link> (other
        ranges, filters, live scans and CSV).
      </p>
      {error && <ProblemMessage error={error} />}
      {summary && (
        <div className={formStyles.row}>
          <SummaryStats summary={summary} />
        </div>
      )}
      {data && <SeriesCard series={data.series} chart={chart} onChart={setChart} onDownload={() => {}} />}
      {data && (
        <div className={formStyles.row}>
          {(['country', 'device', 'os', 'rule'] as const).map((by) => (
            <BreakdownTable
              key={by}
              by={by}
              breakdown={data.breakdowns[by]}
              total={summary?.total ?? 0}
              showConversions={(summary?.conversions ?? 0) > 0}
              names={names}
              active={[]}
              onFilter={() => {}}
              onDownload={() => {}}
            />
          ))}
        </div>
      )}
    </section>
  );
}

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** What changed in an event, in a line: `target: a → b`. */
function changesOf(data: unknown): string {
  const changes = (data as { changes?: Record<string, [unknown, unknown]> } | undefined)?.changes;
  if (!changes) return '';
  return Object.entries(changes)
    .map(([field, pair]) => {
      const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
      const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
      return `${field}: ${show(before)} → ${show(after)}`;
    })
    .join('; ');
}

/**
 * The code's history, from the audit log, which admins and owners read (API.md): a weaker role is
 * told so and nothing is asked of the API on its behalf, not even while its role is being read.
 */
function CodeHistory({ code }: { code: QrCode }) {
  const workspace = useWorkspace();
  const role = workspace.current?.role;
  const refusal = useRefusal('viewAuditLog');
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {!role ? (
        workspace.loading && <p aria-busy="true">Loading the history…</p>
      ) : refusal ? (
        <p data-testid="history-refusal">{refusal}</p>
      ) : (
        <CodeEvents code={code} />
      )}
    </section>
  );
}

/** The audit events of this code (GET /events?resource=), newest first. */
function CodeEvents({ code }: { code: QrCode }) {
  const log = useAuditLog({ type: '', actor: '', resource: code.id });
  const nameOf = useActorNames(log.events);
  return (
    <>
      <ProblemMessage error={log.error} />
      {log.events.length === 0 && !log.loading && <p>No recorded changes.</p>}
      {log.events.length > 0 && (
        <table>
          <caption className="sr-only">Changes of {code.slug}, newest first</caption>
          <TableHead columns={['When', 'Event', 'By', 'Changes']} />
          <tbody>
            {log.events.map((event) => (
              <tr key={event.id} data-testid="history-event">
                <td>
                  <time dateTime={event.at}>{WHEN.format(new Date(event.at))}</time>
                </td>
                <td>{event.type}</td>
                <td>{nameOf(event.actor)}</td>
                <td>{changesOf(event.data)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.hasMore && (
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={log.loading}
          onClick={log.loadMore}
        >
          Load more
        </button>
      )}
    </>
  );
}

function CodeView({ id }: { id: string }) {
  const { code, error, loading, replace } = useCode(id);
  const rules = useRuleNames();
  const edit = useRefusal('editCodes');
  const history = useHistory();
  if (error) return <ProblemMessage error={error} />;
  if (!code) return <p aria-busy={loading}>Loading the code…</p>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '1.5rem' }}>
      <h2>{code.title ?? code.slug}</h2>
      <CodeCard
        code={code}
        rules={rules}
        onChanged={replace}
        editRefusal={edit}
        onDeleted={() => history.replace('/codes')}
      />
      <CodeDownloads code={code} />
      {code.mode !== 'static' && <CodeAnalytics code={code} />}
      <CodeHistory code={code} />
    </div>
  );
}

/** One code's page: /codes/view?id=qr_... (a query parameter, so the static site serves it anywhere). */
export default function CodePage() {
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  return (
    <Layout title="A code" description="One QR code: its settings, rules, downloads, analytics and history.">
      <main className="rq-page">
        <p>
          <Link to="/codes">← All codes</Link>
        </p>
        <h1>Code</h1>
        <RequireAccount>
          {/^qr_[0-9a-z]+$/.test(id) ? (
            <CodeView id={id} />
          ) : (
            <p>
              No code is named in this address. Open one from <Link to="/codes">your codes</Link>.
            </p>
          )}
        </RequireAccount>
      </main>
    </Layout>
  );
}
