import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  csvOf,
  currentZoneName,
  dashboardPath,
  dashboardQuery,
  defaultInterval,
  filterCount,
  type LiveScan,
  matchesView,
  nextDay,
  rangeLabel,
  searchOf,
  type View,
  viewOf,
} from './analyticsModel';

const ZONE = 'Europe/Berlin';

function scan(overrides: Partial<LiveScan> = {}): LiveScan {
  return {
    at: '2026-11-25T10:00:00.000Z',
    qrcode: 'qr_1',
    hostname: 'go.example.com',
    rule: null,
    country: 'DE',
    device: 'mobile',
    os: 'ios',
    browser: 'safari',
    bot: false,
    ...overrides,
  };
}

describe('the view in the page address', () => {
  it('is the last 30 days by day in the fallback zone when the address says nothing', () => {
    expect(viewOf('', ZONE)).toEqual({
      range: '30d',
      from: '',
      to: '',
      interval: 'day',
      timeZone: ZONE,
      bots: false,
      chart: 'line',
      filters: {},
    });
  });

  it('reads a custom range only with two dates, and an unknown preset as the default', () => {
    expect(viewOf('?range=custom&from=2026-01-01&to=2026-01-31', ZONE)).toMatchObject({
      range: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(viewOf('?range=custom&from=2026-01-01', ZONE).range).toBe('30d');
    expect(viewOf('?range=decade', ZONE).range).toBe('30d');
  });

  it('takes the interval that suits the range unless one is named', () => {
    expect(viewOf('?range=24h', ZONE).interval).toBe('hour');
    expect(viewOf('?range=all', ZONE).interval).toBe('month');
    expect(viewOf('?range=all&interval=week', ZONE).interval).toBe('week');
    expect(viewOf('?interval=fortnight', ZONE).interval).toBe('day');
    expect(defaultInterval('90d')).toBe('day');
  });

  it('keeps each filter value once and drops empty ones', () => {
    const view = viewOf('?country=DE&country=DE&country=&device=mobile&nonsense=1', ZONE);
    expect(view.filters).toEqual({ country: ['DE'], device: ['mobile'] });
    expect(filterCount(view.filters)).toBe(2);
  });

  it('writes only what differs from the defaults, and reads back the same view', () => {
    expect(searchOf(viewOf('', ZONE), ZONE)).toBe('');
    const view: View = {
      ...viewOf('', ZONE),
      range: 'custom',
      from: '2026-02-01',
      to: '2026-02-28',
      interval: 'week',
      timeZone: 'UTC',
      bots: true,
      chart: 'bars',
      filters: { qrcode: ['qr_1', 'qr_2'], os: ['ios'] },
    };
    const search = searchOf(view, ZONE);
    expect(search).toBe(
      '?range=custom&from=2026-02-01&to=2026-02-28&interval=week&tz=UTC&bots=true&chart=bars&qrcode=qr_1&qrcode=qr_2&os=ios',
    );
    expect(viewOf(search, ZONE)).toEqual(view);
  });
});

describe('the API query of a view', () => {
  it('sends a preset as range, with the zone and the filters', () => {
    const view = viewOf('?range=7d&tag=menu&bots=true', ZONE);
    expect(apiQuery(view).toString()).toBe('range=7d&timeZone=Europe%2FBerlin&bots=true&tag=menu');
  });

  it("sends a custom range's last day as the next day, since the API's `to` is exclusive", () => {
    const view = viewOf('?range=custom&from=2026-12-01&to=2026-12-31', ZONE);
    expect(Object.fromEntries(apiQuery(view))).toMatchObject({ from: '2026-12-01', to: '2027-01-01' });
  });

  it('asks the dashboard for the series interval, every breakdown and the row limit in one request', () => {
    const path = dashboardPath(viewOf('?range=24h', 'UTC'), ['country', 'os'], 10);
    expect(path).toBe('/analytics/dashboard?range=24h&timeZone=UTC&interval=hour&by=country&by=os&limit=10');
  });

  it("gives the typed client the same request as the dashboard's path (its cache key)", () => {
    const view = viewOf('?range=custom&from=2026-12-01&to=2026-12-31&os=ios&os=android&bots=true', 'UTC');
    expect(dashboardQuery(view, ['country'], 10)).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
      timeZone: 'UTC',
      bots: true,
      os: ['ios', 'android'],
      interval: 'day',
      by: ['country'],
      limit: 10,
    });
    expect(
      Object.fromEntries(new URL(`http://x${dashboardPath(view, ['country'], 10)}`).searchParams),
    ).toMatchObject({
      from: '2026-12-01',
      to: '2027-01-01',
      bots: 'true',
    });
  });

  it("downloads each part's CSV with the view's query, the series by its interval, a breakdown's 1,000 rows", () => {
    const view = viewOf('?range=7d&interval=hour&os=ios', 'UTC');
    expect(csvOf('scans', view)).toEqual({
      path: '/analytics/export.csv?range=7d&timeZone=UTC&os=ios',
      name: 'scans.csv',
    });
    expect(csvOf('series', view).path).toBe(
      '/analytics/timeseries.csv?range=7d&timeZone=UTC&os=ios&interval=hour',
    );
    expect(csvOf('country', view)).toEqual({
      path: '/analytics/breakdown.csv?range=7d&timeZone=UTC&os=ios&by=country&limit=1000',
      name: 'country.csv',
    });
  });

  it('counts days across month ends and leap years', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
  });
});

describe('the page around the numbers', () => {
  it('names a preset by its label and a custom range by its days', () => {
    expect(rangeLabel(viewOf('?range=mtd', ZONE))).toBe('Month to date');
    expect(rangeLabel(viewOf('?range=custom&from=2026-03-01&to=2026-03-07', ZONE))).toBe(
      '2026-03-01 to 2026-03-07',
    );
  });

  it('calls zones by their current names', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Etc/UTC')).toBe('UTC');
    expect(currentZoneName('Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('whether a live scan counts in the view', () => {
  it('leaves bots out unless the view counts them', () => {
    expect(matchesView(scan({ bot: true }), viewOf('', ZONE))).toBe(false);
    expect(matchesView(scan({ bot: true }), viewOf('?bots=true', ZONE))).toBe(true);
  });

  it('matches any value of a filter and every filter at once', () => {
    const view = viewOf('?country=DE&country=AT&device=mobile', ZONE);
    expect(matchesView(scan({ country: 'AT' }), view)).toBe(true);
    expect(matchesView(scan({ country: 'FR' }), view)).toBe(false);
    expect(matchesView(scan({ device: 'desktop' }), view)).toBe(false);
    expect(matchesView(scan({ country: null }), view)).toBe(false);
  });
});
