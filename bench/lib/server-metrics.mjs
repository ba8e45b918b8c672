// Reading our server's Prometheus endpoint.

/** One counter or gauge of GET /metrics, by name (NaN when the server does not show it). */
export async function metric(base, name) {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
}

/**
 * The edge's answer times as the server measures them (`rq_edge_answer_duration_seconds`, summed
 * over outcomes and host kinds): cumulative counts by bucket bound in seconds, and the total.
 */
export async function edgeAnswerTimes(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const atMost = new Map();
  for (const [, labels, count] of text.matchAll(
    /^rq_edge_answer_duration_seconds_bucket\{([^}]*)\} (\d+)/gm,
  )) {
    const le = /le="([^"]+)"/.exec(labels)?.[1];
    if (le !== undefined) atMost.set(le, (atMost.get(le) ?? 0) + Number(count));
  }
  return atMost;
}

/** Of the answers between two readings of edgeAnswerTimes, the share slower than each bound: "0.52% over 10 ms, ...". */
export function slowerShares(before, after, boundsMs = [10, 25]) {
  const between = (le) => (after.get(le) ?? 0) - (before.get(le) ?? 0);
  const total = between('+Inf');
  return boundsMs
    .map(
      (ms) =>
        `${((100 * (total - between(String(ms / 1000)))) / Math.max(total, 1)).toFixed(2)}% over ${ms} ms`,
    )
    .join(', ');
}
