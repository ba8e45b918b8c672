import type { WebhookEventType } from '@site/src/features/webhooks/api/types';
import {
  type EventGroup,
  groupState,
  pickerGroups,
  toggleGroup,
  toggleType,
} from '@site/src/features/webhooks/model/eventTypes';
import { useEffect, useId, useRef } from 'react';
import styles from './Webhooks.module.css';

/** A group's "all" box: checked, unchecked, or mixed while only some of its types are chosen. */
function GroupBox({
  group,
  chosen,
  onChange,
}: {
  group: EventGroup<WebhookEventType>;
  chosen: WebhookEventType[];
  onChange: (chosen: WebhookEventType[]) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  const state = groupState(group, chosen);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className={styles.groupAll}>
      <input
        ref={box}
        type="checkbox"
        checked={state === 'all'}
        onChange={() => onChange(toggleGroup(group, chosen))}
      />
      <span>
        All<span className="sr-only"> {group.label} events</span>
      </span>
    </label>
  );
}

/**
 * The event types an endpoint receives, grouped by resource; each group has an "all" box. Its
 * fieldsets are labelled by their group, so a screen reader hears "QR codes, group" before the boxes.
 */
export default function EventPicker({
  chosen,
  onChange,
  invalid,
  describedBy,
}: {
  chosen: WebhookEventType[];
  onChange: (chosen: WebhookEventType[]) => void;
  invalid?: boolean;
  /** The id of the sentence that says what is wrong with the choice. */
  describedBy?: string | undefined;
}) {
  const legendId = useId();
  return (
    <fieldset
      className={styles.picker}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      data-testid="event-picker"
    >
      <legend id={legendId}>
        Events <span className={styles.count}>({chosen.length} chosen)</span>
      </legend>
      <div className={styles.groups}>
        {pickerGroups(chosen).map((group) => (
          <fieldset key={group.resource} className={styles.group}>
            <legend>{group.label}</legend>
            <GroupBox group={group} chosen={chosen} onChange={onChange} />
            {group.types.map((type) => (
              <label key={type} className={styles.type}>
                <input
                  type="checkbox"
                  checked={chosen.includes(type)}
                  onChange={() => onChange(toggleType(type, chosen))}
                />
                <code>{type}</code>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
