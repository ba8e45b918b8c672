// Reading our server's Prometheus endpoint.

/** One counter or gauge of GET /metrics, by name (NaN when the server does not show it). */
export async function metric(base, name) {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
}
