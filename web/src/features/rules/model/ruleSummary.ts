import { type Json, LEAF_KINDS, type Rule } from './ruleModel';

/**
 * A rule's conditions and action in one line, with the values that tell two rules apart:
 * "When time of day is 09:00–17:00 on Mon–Fri (UTC): redirect to https://…".
 */

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Days as the API numbers them (1 = Monday), runs of three or more shortened: "Mon–Fri, Sun". */
function daysText(days: Json[]): string {
  const sorted = [...new Set(days.map(Number))].filter((day) => day >= 1 && day <= 7).sort();
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number | undefined) => DAY_NAMES[(day ?? 1) - 1] ?? '';
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${name(run[0])}–${name(run.at(-1))}`] : run.map(name)))
    .join(', ');
}

/** "is X" / "is not X" for the value of one leaf; `negated` reads the leaf inside a `not`. */
function leafPhrase(kind: string, value: Json, negated: boolean): string {
  const is = negated ? 'is not' : 'is';
  if (Array.isArray(value)) return `${is} ${value.map(String).join(' or ')}`;
  if (kind === 'bot') return value === !negated ? 'is a bot' : 'is not a bot';
  if (!isObject(value)) return `${is} ${JSON.stringify(value)}`;
  const parts: string[] = [];
  switch (kind) {
    case 'time':
    case 'date':
      if (value.from !== undefined && value.to !== undefined) parts.push(`${value.from}–${value.to}`);
      else if (value.from !== undefined) parts.push(`from ${value.from}`);
      else if (value.to !== undefined) parts.push(`until ${value.to}`);
      if (Array.isArray(value.days) && value.days.length > 0) parts.push(`on ${daysText(value.days)}`);
      if (value.timeZone !== undefined) parts.push(`(${value.timeZone})`);
      return `${is} ${parts.join(' ')}`;
    case 'scans':
      if (value.gte !== undefined) parts.push(`at least ${value.gte}`);
      if (value.lt !== undefined) parts.push(`below ${value.lt}`);
      return `${is} ${parts.join(' and ')}`;
    case 'query':
      return value.equals === undefined
        ? `${String(value.name)} ${negated ? 'is absent' : 'is present'}`
        : `${String(value.name)} ${is} ${String(value.equals)}`;
    default:
      return `${is} ${JSON.stringify(value)}`;
  }
}

/** One condition in words; nested combinators, which the form edits as JSON, read as such. */
function conditionText(node: Json): string {
  if (!isObject(node)) return JSON.stringify(node);
  const negated = isObject(node.not);
  const inner = negated ? (node.not as Record<string, Json>) : node;
  const [kind, value] = Object.entries(inner)[0] ?? ['', null];
  if (kind === 'all' || kind === 'any' || kind === 'not' || !(kind in LEAF_KINDS)) {
    return `${negated ? 'not ' : ''}${JSON.stringify(inner)}`;
  }
  const label = LEAF_KINDS[kind as keyof typeof LEAF_KINDS].toLowerCase();
  return `${label} ${leafPhrase(kind, value as Json, negated)}`;
}

export function summaryOf(rule: Pick<Rule, 'when' | 'then'>): string {
  const when = rule.when;
  let conditions = 'Every scan';
  if (when) {
    const join = 'all' in when ? 'all' : 'any' in when ? 'any' : null;
    const nodes = join && Array.isArray(when[join]) ? (when[join] as Json[]) : [when];
    conditions = `When ${nodes.map(conditionText).join(join === 'any' ? ' or ' : ' and ')}`;
  }
  const then = rule.then;
  const action = Array.isArray(then.split)
    ? `split between ${then.split
        .map((target) => (isObject(target) ? `${String(target.url)} (${String(target.weight)}%)` : ''))
        .join(' and ')}`
    : `redirect to ${String(then.redirect ?? '')}`;
  return `${conditions}: ${action}`;
}
