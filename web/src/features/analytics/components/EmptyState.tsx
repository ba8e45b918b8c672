import Link from '@docusaurus/Link';
import styles from './Analytics.module.css';

/** A new account's view: how the first scan happens (the live counter above shows it arrive). */
export default function EmptyState({ hasCodes }: { hasCodes: boolean }) {
  return (
    <section
      className={`rq-card ${styles.empty}`}
      aria-labelledby="empty-title"
      data-testid="analytics-empty"
    >
      <h2 id="empty-title">No scans yet</h2>
      <p>
        Analytics count every scan of your dynamic codes (redirect or exec codes; static codes never reach
        us).
      </p>
      <ol>
        {!hasCodes && (
          <li>
            <Link to="/codes">Create a dynamic code</Link> (or design one in the{' '}
            <Link to="/qr-design-tool">design tool</Link>).
          </li>
        )}
        <li>
          Scan it with a phone, or open its short URL (on <Link to="/codes">your codes</Link>) in a browser.
        </li>
        <li>Watch the live counter above: the scan shows within a second, and the charts appear.</li>
      </ol>
      <p>
        Read <Link to="/docs/analytics/redirection-analytics">Redirection analytics</Link> for what is counted
        (countries, devices, unique visitors, bots) and how to read it through the API.
      </p>
    </section>
  );
}
