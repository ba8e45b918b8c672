import type { ApiAnswer } from '@site/src/api/types';
import Checkbox from '@site/src/components/Checkbox';
import { ATTRIBUTION_FIELDS } from '@site/src/components/conversions/AttributionFields';
import styles from '@site/src/components/conversions/Conversions.module.css';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { can, refusal } from '@site/src/features/workspaces/model/access';
import { rq } from '@site/src/lib/api';
import { DEFAULT_PARAMETER } from '@site/src/lib/attribution';
import { splitProblem } from '@site/src/lib/formProblem';
import { useApiGet, useApiKey } from '@site/src/lib/serverData';
import { useSave } from '@site/src/lib/useSave';
import type { Workspace } from '@site/src/lib/workspace';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';

type Settings = ApiAnswer<'/api/v1/conversions/settings'>;

const FIELDS: Readonly<Record<string, string>> = {
  ...ATTRIBUTION_FIELDS,
  '/body/windowDays': 'The attribution window',
};

/**
 * The workspace's conversion settings: whether codes without their own setting hand their targets
 * the scan id (and under which parameter), and the attribution window, how many days after a scan a
 * conversion may still be credited to it. Admins change them; others read them.
 */
export default function ConversionSettingsSection({ workspace }: { workspace: Workspace }) {
  const client = useQueryClient();
  const key = useApiKey('/conversions/settings');
  const read = useApiGet('/conversions/settings', () => rq.conversions.getSettings());
  const [enabled, setEnabled] = useState(false);
  const [parameter, setParameter] = useState(DEFAULT_PARAMETER);
  const [windowDays, setWindowDays] = useState('30');
  const ids = {
    enabled: useId(),
    parameter: useId(),
    window: useId(),
    windowHint: useId(),
    refusal: useId(),
  };
  const refused = can(workspace.role, 'changeConversionSettings')
    ? null
    : refusal(workspace.role, 'changeConversionSettings');

  useEffect(() => {
    if (!read.data) return;
    setEnabled(read.data.attribution.enabled);
    setParameter(read.data.attribution.parameter);
    setWindowDays(String(read.data.windowDays));
  }, [read.data]);

  const { busy, error, saved, submit, edit } = useSave(async () => {
    const answer = await rq.conversions.updateSettings({
      body: {
        attribution: { enabled, parameter: parameter.trim() || DEFAULT_PARAMETER },
        windowDays: Number(windowDays),
      },
    });
    client.setQueryData<Settings>(key, answer);
  });
  const { byField, general } = splitProblem(error, FIELDS);

  return (
    <section className="rq-card" aria-labelledby="conversion-settings-heading">
      <h2 id="conversion-settings-heading">Conversions</h2>
      <p className={formStyles.hint}>
        With attribution on, a scan's redirect hands the target the scan's id, so your shop can report a sale
        or lead for it (POST /conversions). A code can also be set on or off on its own, in its editor.
      </p>
      {!read.data ? (
        read.isFetching ? (
          <p aria-busy="true">Loading the conversion settings…</p>
        ) : (
          <ProblemMessage error={read.error} />
        )
      ) : (
        <form
          className={`${formStyles.form} ${styles.settings}`}
          onSubmit={(event) => void submit(event)}
          aria-label="Conversion settings"
        >
          <div className={formStyles.field}>
            <Checkbox
              id={ids.enabled}
              checked={enabled}
              disabled={refused !== null}
              onChange={(ticked) => edit(setEnabled, ticked)}
            >
              Hand targets the scan id by default
            </Checkbox>
          </div>
          <div className={formStyles.field}>
            <label htmlFor={ids.parameter}>Parameter name</label>
            <input
              id={ids.parameter}
              value={parameter}
              maxLength={40}
              disabled={refused !== null}
              aria-invalid={byField['/body/attribution/parameter'] !== undefined}
              onChange={(event) => edit(setParameter, event.target.value)}
            />
            {byField['/body/attribution/parameter'] && (
              <p className="rq-error">{byField['/body/attribution/parameter']}</p>
            )}
          </div>
          <div className={formStyles.field}>
            <label htmlFor={ids.window}>Attribution window (days)</label>
            <input
              id={ids.window}
              type="number"
              min={1}
              max={365}
              required
              value={windowDays}
              disabled={refused !== null}
              aria-describedby={ids.windowHint}
              aria-invalid={byField['/body/windowDays'] !== undefined}
              onChange={(event) => edit(setWindowDays, event.target.value)}
            />
            <span id={ids.windowHint} className={formStyles.hint}>
              A conversion more than this many days after its scan is refused (422 scan_expired).
            </span>
            {byField['/body/windowDays'] && <p className="rq-error">{byField['/body/windowDays']}</p>}
          </div>
          {refused ? (
            <p id={ids.refusal} className={formStyles.hint}>
              {refused}
            </p>
          ) : (
            <div className={formStyles.row}>
              <button type="submit" className="button button--primary button--sm" disabled={busy}>
                {busy ? 'Saving…' : 'Save conversion settings'}
              </button>
            </div>
          )}
          <ProblemMessage error={general} />
          <p role="status" className={saved ? formStyles.hint : 'sr-only'}>
            {saved && 'Conversion settings saved.'}
          </p>
        </form>
      )}
    </section>
  );
}
