import type { RuleDraft } from '@site/src/features/rules/model/ruleModel';
import type { FieldError } from '@site/src/lib/api';

/** What each part of the rule form gets: the draft, a way to change it, and the API's field problems. */
export interface DraftPart {
  /** The form's id, which the part's control ids start with. */
  id: string;
  draft: RuleDraft;
  set: (changes: Partial<RuleDraft>) => void;
  errors: FieldError[];
}
