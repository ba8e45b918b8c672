import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_SECRET, processApi, processStorage, startServerProcess } from '../helpers/server-process.js';

/**
 * What an operator installs from deploy/: the Grafana dashboard, the Prometheus alert rules and
 * the example Prometheus configuration. promtool checks the rules, runs their unit tests and
 * parses every dashboard query; then every series those queries and rules name must be one a
 * real server serves at /metrics, with the labels they match and group on. A panel or an alert
 * on a metric the server does not export shows "No data" or never fires: that fails here.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const prometheusDir = path.join(repoRoot, 'deploy/prometheus');
const dashboardFile = path.join(repoRoot, 'deploy/grafana/rq-codes.json');
const rulesFile = path.join(prometheusDir, 'rq-codes.rules.yml');
const PROMTOOL = '/usr/bin/promtool';

/** Series Prometheus makes itself for every target, not the server. */
const PROMETHEUS_SERIES = new Set(['up']);
/** Labels Prometheus adds to every series it scrapes. */
const TARGET_LABELS = ['instance', 'job'];

function promtool(args: string[], cwd: string): { ok: boolean; output: string } {
  const run = spawnSync(PROMTOOL, args, { cwd, encoding: 'utf8' });
  if (run.error) {
    throw new Error(`${PROMTOOL} did not run (${run.error.message}): install Debian's prometheus package`);
  }
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

// ---- PromQL: the series an expression names, and the labels it matches and groups on ----

/** Functions, aggregations and keywords: identifiers that are not series names. */
const NOT_SERIES = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring']);
NOT_SERIES.add('group_left').add('group_right').add('inf').add('nan');

interface Selector {
  series: string;
  /** Label names of its matchers: `{outcome!="password"}` gives `outcome`. */
  labels: string[];
}

interface Expression {
  where: string;
  expr: string;
}

interface ParsedExpression {
  selectors: Selector[];
  /** Labels of by, without, on, ignoring, group_left and group_right. */
  grouping: string[];
}

/** Parses just enough PromQL to name its series: strings, matchers and ranges are set aside first. */
function parsePromQL(expr: string): ParsedExpression {
  let rest = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  const selectors: Selector[] = [];
  rest = rest.replace(
    /([a-zA-Z_:][\w:]*)?\s*\{([^}]*)\}/g,
    (_match, name: string | undefined, body: string) => {
      const labels = [...body.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1] as string);
      if (name && !NOT_SERIES.has(name)) selectors.push({ series: name, labels });
      return ' ';
    },
  );
  rest = rest.replace(/\[[^\]]*\]/g, ' ');
  const grouping: string[] = [];
  rest = rest.replace(
    /\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g,
    (_m, list: string) => {
      grouping.push(
        ...list
          .split(',')
          .map((label) => label.trim())
          .filter(Boolean),
      );
      return ' ';
    },
  );
  // A number (with its unit: 5m, 1e3, 0x1f) is one token, so its letters are never taken for a name.
  for (const token of rest.matchAll(/\d[\w.]*|([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    const [, name, call] = token;
    if (name && !call && !NOT_SERIES.has(name)) selectors.push({ series: name, labels: [] });
  }
  return { selectors, grouping };
}

// ---- What the server exports: the exposition text of /metrics ----

interface Exposition {
  /** Every series name Prometheus stores from a scrape (a histogram's _bucket, _sum and _count). */
  series: Set<string>;
  /** Label names and values on the samples of each series name (only for series with samples). */
  labels: Map<string, Map<string, Set<string>>>;
}

function parseExposition(text: string): Exposition {
  const series = new Set<string>();
  const labels = new Map<string, Map<string, Set<string>>>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) {
      const [, name, kind] = type as unknown as [string, string, string];
      // Declared but not yet observed (a labelled metric before its first value) still counts.
      const names =
        kind === 'histogram'
          ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
          : kind === 'summary'
            ? [name, `${name}_sum`, `${name}_count`]
            : [name];
      for (const n of names) series.add(n);
      continue;
    }
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+\S+/.exec(line);
    if (!sample) continue;
    const name = sample[1] as string;
    series.add(name);
    const seen = labels.get(name) ?? new Map<string, Set<string>>();
    labels.set(name, seen);
    for (const [, label, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)) {
      const values = seen.get(label as string) ?? new Set<string>();
      values.add(value as string);
      seen.set(label as string, values);
    }
  }
  return { series, labels };
}

/** Each series an expression names that the server does not export, as "where: series". */
function unexportedSeries(expressions: Expression[], exported: Exposition): string[] {
  const problems: string[] = [];
  for (const { where, expr } of expressions) {
    const { selectors } = parsePromQL(expr);
    if (selectors.length === 0) problems.push(`${where}: names no series in ${expr}`);
    for (const series of new Set(selectors.map((selector) => selector.series))) {
      if (!exported.series.has(series) && !PROMETHEUS_SERIES.has(series))
        problems.push(`${where}: ${series}`);
    }
  }
  return problems;
}

/**
 * Each label an expression matches or groups on that its series do not carry. Only series the
 * scrape had samples of can be judged; a histogram's `le` is on its buckets.
 */
function unknownLabels(expressions: Expression[], exported: Exposition): string[] {
  const problems: string[] = [];
  for (const { where, expr } of expressions) {
    const { selectors, grouping } = parsePromQL(expr);
    const carried = new Set(TARGET_LABELS);
    let allKnown = true;
    for (const { series, labels } of selectors) {
      const onSamples = exported.labels.get(series);
      if (!onSamples) {
        allKnown = false;
        continue;
      }
      for (const label of onSamples.keys()) carried.add(label);
      for (const label of labels) {
        if (!onSamples.has(label) && !TARGET_LABELS.includes(label)) {
          problems.push(`${where}: ${series} has no label ${label}`);
        }
      }
    }
    if (!allKnown) continue;
    for (const label of grouping) {
      if (!carried.has(label)) problems.push(`${where}: groups on ${label}, which none of its series has`);
    }
  }
  return problems;
}

// ---- The files ----

interface Panel {
  title?: string;
  type: string;
  targets?: { expr?: string; refId: string }[];
  panels?: Panel[];
}

interface Dashboard {
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query?: unknown; definition?: string }[] };
}

const dashboard = JSON.parse(fs.readFileSync(dashboardFile, 'utf8')) as Dashboard;

/** Every PromQL query of the dashboard: panel targets (rows included) and query variables. */
function dashboardExpressions(): Expression[] {
  const expressions: Expression[] = [];
  const visit = (panel: Panel) => {
    for (const target of panel.targets ?? []) {
      if (target.expr)
        expressions.push({ where: `panel "${panel.title}" ${target.refId}`, expr: target.expr });
    }
    for (const inner of panel.panels ?? []) visit(inner);
  };
  for (const panel of dashboard.panels) visit(panel);
  for (const variable of dashboard.templating.list) {
    if (variable.type !== 'query') continue;
    const query =
      typeof variable.query === 'string' ? variable.query : (variable.query as { query: string }).query;
    const series = /^label_values\((.+),\s*\w+\)$/.exec(query)?.[1] ?? query;
    expressions.push({ where: `variable $${variable.name}`, expr: series });
  }
  return expressions;
}

/**
 * The `expr` of every alert in the rules file: one line, or a `|` / `>` block indented under it.
 * (The rules are plain YAML in this one shape; the count check below notices any other.)
 */
function ruleExpressions(): Expression[] {
  const lines = fs.readFileSync(rulesFile, 'utf8').split('\n');
  const expressions: Expression[] = [];
  let alert = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    alert = /^\s*- alert:\s*(\S+)/.exec(line)?.[1] ?? alert;
    const expr = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!expr) continue;
    const [, indent, inline] = expr as unknown as [string, string, string];
    if (!/^[|>][-+]?$/.test(inline)) {
      expressions.push({ where: `alert ${alert}`, expr: inline });
      continue;
    }
    const block: string[] = [];
    while (
      i + 1 < lines.length &&
      ((lines[i + 1] as string).trim() === '' || indentOf(lines[i + 1] as string) > indent.length)
    ) {
      block.push(lines[++i] as string);
    }
    expressions.push({ where: `alert ${alert}`, expr: block.join('\n').trim() });
  }
  return expressions;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** A dashboard query as Prometheus sees it, once Grafana has put in its variables. */
const withGrafanaVariables = (expr: string) =>
  expr.replaceAll('$__rate_interval', '1m').replaceAll('$__interval', '1m').replaceAll('$instance', '.+');

describe('the PromQL reader', () => {
  it('names the series of an expression and the labels it matches and groups on', () => {
    expect(
      parsePromQL(
        'histogram_quantile(0.99, sum by (le, outcome) (rate(rq_a_bucket{instance=~"$instance", outcome!="x{y}"}[$__rate_interval])))',
      ),
    ).toEqual({
      selectors: [{ series: 'rq_a_bucket', labels: ['instance', 'outcome'] }],
      grouping: ['le', 'outcome'],
    });
    expect(
      parsePromQL('sum(rate(rq_b_total[5m] offset 1h)) / ignoring (status) group_left rq_c * 60').selectors,
    ).toEqual([
      { series: 'rq_b_total', labels: [] },
      { series: 'rq_c', labels: [] },
    ]);
    expect(parsePromQL('rq_x > 0 and rq_y == 0').selectors.map((s) => s.series)).toEqual(['rq_x', 'rq_y']);
    expect(parsePromQL('predict_linear(rq_free[6h], 24 * 3600) < 0').selectors.map((s) => s.series)).toEqual([
      'rq_free',
    ]);
  });

  it('catches a panel naming a metric the server does not export', () => {
    const exported = parseExposition('# TYPE rq_real_seconds histogram\nrq_real_seconds_bucket{le="1"} 0\n');
    expect(
      unexportedSeries(
        [
          { where: 'panel "real"', expr: 'rate(rq_real_seconds_bucket[5m])' },
          { where: 'panel "typo"', expr: 'rate(rq_real_second_bucket[5m])' },
          { where: 'panel "bare histogram"', expr: 'rate(rq_real_seconds[5m])' },
        ],
        exported,
      ),
    ).toEqual(['panel "typo": rq_real_second_bucket', 'panel "bare histogram": rq_real_seconds']);
    expect(unknownLabels([{ where: 'p', expr: 'sum by (host) (rq_real_seconds_bucket)' }], exported)).toEqual(
      ['p: groups on host, which none of its series has'],
    );
  });
});

describe('the alert rules and the example Prometheus configuration', () => {
  it('pass promtool check rules', () => {
    const { ok, output } = promtool(['check', 'rules', 'rq-codes.rules.yml'], prometheusDir);
    expect(ok, output).toBe(true);
  });

  it('pass their promtool unit tests (alerts that must fire do, and those that must not do not)', () => {
    const { ok, output } = promtool(['test', 'rules', 'rq-codes.rules.test.yml'], prometheusDir);
    expect(ok, output).toBe(true);
  });

  it('load from the example prometheus.yml, its token file in place', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-prometheus-'));
    try {
      const tokenFile = path.join(dir, 'metrics-token');
      fs.writeFileSync(tokenFile, 'metrics-token-0123456789\n');
      const config = fs.readFileSync(path.join(prometheusDir, 'prometheus.yml'), 'utf8');
      expect(config).toContain('/etc/prometheus/rq-codes-metrics-token');
      fs.writeFileSync(
        path.join(dir, 'prometheus.yml'),
        config.replace('/etc/prometheus/rq-codes-metrics-token', tokenFile),
      );
      fs.copyFileSync(rulesFile, path.join(dir, 'rq-codes.rules.yml'));
      const { ok, output } = promtool(['check', 'config', 'prometheus.yml'], dir);
      expect(ok, output).toBe(true);
      expect(output).toContain('1 rule files found');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Grafana dashboard', () => {
  it('is a dashboard with a data source and an instance variable, and queries in every panel', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list.map((v) => `${v.name}:${v.type}`)).toEqual([
      'datasource:datasource',
      'instance:query',
    ]);
    const empty = dashboard.panels.filter((p) => p.type !== 'row' && !p.targets?.some((t) => t.expr));
    expect(empty.map((p) => p.title)).toEqual([]);
  });

  it('has only queries promtool parses (as recording rules), with Grafana variables put in', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-dashboard-'));
    try {
      const rules = dashboardExpressions().map(({ expr }, i) => ({
        record: `dashboard:query_${i}`,
        expr: withGrafanaVariables(expr),
      }));
      // JSON is YAML: promtool reads it as a rules file.
      fs.writeFileSync(
        path.join(dir, 'dashboard.rules.yml'),
        JSON.stringify({ groups: [{ name: 'dashboard', rules }] }),
      );
      const { ok, output } = promtool(['check', 'rules', 'dashboard.rules.yml'], dir);
      expect(ok, output).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The real server process (src/server.ts) on a data folder with an SQLite file, as the README
 * runs it: unlike the in-memory database of buildTestApp, that one starts its job threads, so
 * what they export (rq_jobs_*, their threads' gauges) is there too.
 */
describe('the dashboard and the alerts name what a real server exports', () => {
  let storage: Awaited<ReturnType<typeof processStorage>>;
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let exported: Exposition;

  beforeAll(async () => {
    storage = await processStorage({ name: 'sqlite' }, 'rq-observability-');
    server = await startServerProcess(storage.env);
    const { base } = server;
    const { id } = (await processApi(base, 'POST', '/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/',
      slug: 'observed',
    })) as { id: string };

    // One scan through the raw-socket edge, one API read, one PNG render (a job thread's work).
    const scan = await fetch(`${base}/r/observed`, { redirect: 'manual' });
    expect(scan.status).toBe(302);
    await processApi(base, 'GET', `/qrcodes/${id}`);
    const image = await fetch(`${base}/api/v1/qrcodes/${id}/image.png`, {
      headers: { 'x-rapidapi-proxy-secret': PROCESS_SECRET, 'x-rapidapi-user': 'process-test' },
    });
    expect(image.status, await image.clone().text()).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const metrics = await fetch(`${base}/metrics`);
    const body = await metrics.text();
    expect(metrics.status, body).toBe(200);
    exported = parseExposition(body);
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await storage?.remove();
  });

  it('every dashboard query names series the server exports', () => {
    expect(unexportedSeries(dashboardExpressions(), exported)).toEqual([]);
  });

  it('every alert names series the server exports', () => {
    const expressions = ruleExpressions();
    const alerts = fs.readFileSync(rulesFile, 'utf8').match(/^\s*- alert:/gm) ?? [];
    expect(expressions).toHaveLength(alerts.length);
    expect(unexportedSeries(expressions, exported)).toEqual([]);
  });

  it('the labels the dashboard and the alerts match and group on are on those series', () => {
    expect(unknownLabels([...dashboardExpressions(), ...ruleExpressions()], exported)).toEqual([]);
  });

  it('labels the main thread and the status as the alerts and panels match them', () => {
    // The main-thread alerts match thread="main".
    const threads = exported.labels.get('rq_event_loop_utilization')?.get('thread');
    expect([...(threads ?? [])]).toContain('main');
    // The API panels match status=~"5.." and "[45]..": the numeric code, not a class such as 2xx.
    const statuses = [
      ...(exported.labels.get('rq_http_request_duration_seconds_count')?.get('status') ?? []),
    ];
    expect(statuses).toContain('200');
    expect(statuses.filter((status) => !/^\d{3}$/.test(status))).toEqual([]);
  });
});
