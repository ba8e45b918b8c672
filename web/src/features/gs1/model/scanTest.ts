/**
 * "Test a scan" of a GS1 item in words: the phones it offers (their Accept-Language), the body it
 * sends to POST /gs1/items/{id}/simulate, and the sentence for the resolver's answer.
 */
import { isoOfLocalInput } from '@site/src/lib/linkControls';
import type { Gs1ScanBody, Gs1Simulation } from '../api/items';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** Phones to try: their camera app's User-Agent (which rules read) and Accept-Language. */
export const PHONES: ReadonlyArray<{ id: string; label: string; userAgent: string; language: string }> = [
  { id: 'iphone-en-gb', label: 'iPhone, English (UK)', userAgent: IPHONE, language: 'en-GB,en;q=0.9' },
  { id: 'android-de', label: 'Android, German', userAgent: ANDROID, language: 'de-DE,de;q=0.9,en;q=0.5' },
  { id: 'iphone-fr', label: 'iPhone, French', userAgent: IPHONE, language: 'fr-FR,fr;q=0.9,en;q=0.5' },
  {
    id: 'android-es-419',
    label: 'Android, Spanish (Latin America)',
    userAgent: ANDROID,
    language: 'es-419,es;q=0.9',
  },
  { id: 'android-en-us', label: 'Android, English (US)', userAgent: ANDROID, language: 'en-US,en;q=0.9' },
  { id: 'none', label: 'A reader that sends neither', userAgent: '', language: '' },
];

export interface ScanDraft {
  lot: string;
  serial: string;
  userAgent: string;
  language: string;
  linkType: string;
  context: string;
  /** When the scan happens, as a `datetime-local` value in the user's zone; empty: now. */
  at?: string;
  /** The password the scanner types on a protected item's form; empty: none typed. */
  password?: string;
}

/** The simulate body: only what was filled in. */
export function scanBody(draft: ScanDraft): Gs1ScanBody {
  const qualifiers = [
    ...(draft.lot.trim() ? [{ ai: '10', value: draft.lot.trim() }] : []),
    ...(draft.serial.trim() ? [{ ai: '21', value: draft.serial.trim() }] : []),
  ];
  return {
    ...(qualifiers.length > 0 ? { qualifiers } : {}),
    ...(draft.userAgent.trim() ? { userAgent: draft.userAgent.trim() } : {}),
    ...(draft.language.trim() ? { language: draft.language.trim() } : {}),
    ...(draft.linkType.trim() ? { linkType: draft.linkType.trim() } : {}),
    ...(draft.context.trim() ? { context: draft.context.trim() } : {}),
    ...(draft.at && isoOfLocalInput(draft.at) ? { at: isoOfLocalInput(draft.at) as string } : {}),
    ...(draft.password ? { password: draft.password } : {}),
  };
}

const STOPPED: Record<NonNullable<Gs1Simulation['stoppedBy']>, string> = {
  inactive: 'the item is not active yet',
  expired: 'the item has expired',
  used_up: 'the item is used up (its scan limit is reached)',
};

/** What the resolver answers, in one sentence. */
export function answerSentence(answer: Gs1Simulation): string {
  switch (answer.outcome) {
    case 'redirect': {
      if (answer.stoppedBy)
        return `307: ${STOPPED[answer.stoppedBy]}; the phone goes to ${answer.location ?? ''}`;
      const byRule = answer.rule === null ? '' : ` (picked by the item's rule ${answer.rule + 1})`;
      return `307: the phone opens “${answer.link?.title ?? ''}” at ${answer.location ?? ''}${byRule}`;
    }
    case 'stopped':
      return `410: ${answer.stoppedBy ? STOPPED[answer.stoppedBy] : 'the item is stopped'}; the phone sees a page that says so`;
    case 'password':
      return "200: the item's password form; the phone is sent on once the right password is entered";
    case 'choices':
      return `300: ${answer.candidates.length} links fit equally well; the phone is shown the list to choose from`;
    case 'linkset':
      return '200: the linkset (every link of the item, as JSON)';
    case 'not_found':
      return `404: ${answer.message ?? 'nothing answers this URI'}`;
  }
}
