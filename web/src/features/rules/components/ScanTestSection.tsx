import formStyles from '@site/src/components/Form.module.css';
import ScanTester from '@site/src/components/linkControls/ScanTester';
import ProblemMessage from '@site/src/components/ProblemMessage';
import type { Rule } from '@site/src/features/rules/model/ruleModel';
import { rq } from '@site/src/lib/api';
import { useApiGet } from '@site/src/lib/serverData';
import { useId, useState } from 'react';
import styles from './Rules.module.css';

/**
 * "Test a scan" on the rules page: pick a redirect code, then a device, country, language and
 * time, and see which of its rules would decide (POST /qrcodes/{id}/simulate records nothing).
 */
export default function ScanTestSection({ rules }: { rules: readonly Rule[] }) {
  const codes = useApiGet('/qrcodes?mode=redirect&limit=100', () =>
    rq.qrcodes.list({ params: { query: { mode: 'redirect', limit: 100 } } }),
  );
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const list = codes.data?.data ?? [];
  const codeId = chosen || list[0]?.id || '';
  const ruleName = (id: string) => rules.find((rule) => rule.id === id)?.name ?? id;

  return (
    <section className="rq-card" aria-labelledby="scan-test-heading" data-testid="rules-scan-test">
      <h2 id="scan-test-heading">Test a scan</h2>
      <p className={styles.hint}>
        Where would a scan go? Choose a code and a scanner; the answer shows each of the code's rules and why
        it matched or not. Nothing is recorded.
      </p>
      <ProblemMessage error={codes.error} />
      {codes.isPending && <p className={styles.hint}>Loading your codes…</p>}
      {codes.isSuccess && list.length === 0 && (
        <p className={styles.hint}>No redirect code yet: create one, give it rules, then test it here.</p>
      )}
      {list.length > 0 && (
        <>
          <div className={formStyles.field}>
            <label htmlFor={selectId}>Code</label>
            <select id={selectId} value={codeId} onChange={(event) => setChosen(event.target.value)}>
              {list.map((code) => (
                <option key={code.id} value={code.id}>
                  {code.title ? `${code.title} (${code.slug})` : code.slug}
                </option>
              ))}
            </select>
          </div>
          <ScanTester
            key={codeId}
            codeId={codeId}
            ruleName={ruleName}
            label="Test a scan of the chosen code"
          />
        </>
      )}
    </section>
  );
}
