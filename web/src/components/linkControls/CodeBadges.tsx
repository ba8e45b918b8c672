import { type BadgeKind, badgesOf, type LinkControls } from '@site/src/lib/linkControls';
import styles from './LinkControls.module.css';

const BADGE_CLASS: Record<BadgeKind, string> = {
  expired: 'badge--danger',
  'used-up': 'badge--danger',
  scheduled: 'badge--info',
  capped: 'badge--warning',
  locked: 'badge--secondary',
};

/**
 * A code's state for scanners now (expired, scheduled, capped or used up, locked), each badge a
 * word with its meaning beside it for screen readers and on hover. Nothing when none applies.
 */
export default function CodeBadges({
  code,
  now,
}: {
  code: LinkControls & { scans: { total: number } };
  now?: Date;
}) {
  const badges = badgesOf(code, now);
  if (badges.length === 0) return null;
  return (
    <span className={styles.badges}>
      {badges.map((badge) => (
        <span
          key={badge.kind}
          className={`badge ${BADGE_CLASS[badge.kind]}`}
          title={badge.explanation}
          data-testid="code-badge"
          data-kind={badge.kind}
        >
          {badge.label}
          <span className="sr-only">: {badge.explanation}</span>
        </span>
      ))}
    </span>
  );
}
