import type { Summary } from '@site/src/features/analytics/model/analyticsModel';
import { formatRate, formatRevenue } from '@site/src/lib/conversions';
import Stat from './Stat';

/** Beside the scans: conversions (with the period before), the rate per scan and revenue per currency. */
export default function ConversionStats({ summary }: { summary: Summary }) {
  return (
    <>
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
