/**
 * A test plan: the full product of some factors, with the other factors chosen row by row so that every
 * value of every factor meets every value of every other factor at least once (pairwise coverage).
 */
export type Factors = Record<string, readonly string[]>;
export type Row = Record<string, string>;

function product(factors: Factors): Row[] {
  let rows: Row[] = [{}];
  for (const [name, values] of Object.entries(factors)) {
    rows = rows.flatMap((row) => values.map((value) => ({ ...row, [name]: value })));
  }
  return rows;
}

function pairKeys(row: Row): string[] {
  const names = Object.keys(row).sort();
  const keys: string[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const a = names[i] as string;
      const b = names[j] as string;
      keys.push(`${a}=${row[a]}|${b}=${row[b]}`);
    }
  }
  return keys;
}

export function pairwisePlan(full: Factors, paired: Factors): Row[] {
  const choices = product(paired);
  const covered = new Set<string>();
  const rows: Row[] = [];
  for (const [index, base] of product(full).entries()) {
    let best: Row | undefined;
    let bestGain = -1;
    for (let k = 0; k < choices.length; k++) {
      // Rotate the starting choice so ties spread over all values.
      const candidate = { ...base, ...(choices[(index + k) % choices.length] as Row) };
      const gain = pairKeys(candidate).filter((key) => !covered.has(key)).length;
      if (gain > bestGain) {
        best = candidate;
        bestGain = gain;
      }
    }
    const row = best as Row;
    for (const key of pairKeys(row)) covered.add(key);
    rows.push(row);
  }
  return rows;
}

/** Pairs of values (of two different factors) that no row holds. */
export function uncoveredPairs(rows: Row[], factors: Factors): string[] {
  const covered = new Set(rows.flatMap(pairKeys));
  const names = Object.keys(factors).sort();
  const missing: string[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const a = names[i] as string;
      const b = names[j] as string;
      for (const va of factors[a] ?? []) {
        for (const vb of factors[b] ?? []) {
          const key = `${a}=${va}|${b}=${vb}`;
          if (!covered.has(key)) missing.push(key);
        }
      }
    }
  }
  return missing;
}
