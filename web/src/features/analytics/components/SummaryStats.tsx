import type { Summary } from '@site/src/features/analytics/model/analyticsModel';
import { formatRate, formatRevenue } from '@site/src/lib/conversions';
import Stat from './Stat';

/**
 * The summary's figures, as the dashboard and a code's page show them: scans and unique visitors
 * (with the period before), bot scans, then conversions, the rate per scan and revenue per currency.
 */
export default function SummaryStats({ summary }: { summary: Summary }) {
  return (
    <>
      <Stat label="Scans" value={summary.total} previous={summary.previous.total} testId="stat-scans" />
      <Stat
        label="Unique visitors"
        value={summary.unique}
        previous={summary.previous.unique}
        testId="stat-unique"
      />
      <Stat label="Bot scans" value={summary.bots} testId="stat-bots" />
      <Stat
        label="Conversions"
        value={summary.conversions}
        previous={summary.previous.conversions}
        testId="stat-conversions"
      />
      <Stat label="Conversion rate" text={formatRate(summary.conversionRate)} testId="stat-conversion-rate" />
      <Stat label="Revenue" text={formatRevenue(summary.revenue)} testId="stat-revenue" />
    </>
  );
}
