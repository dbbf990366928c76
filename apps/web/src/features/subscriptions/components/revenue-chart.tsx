import '@mantine/charts/styles.css';
import { formatMoney, type TSubscriptionAnalytics } from '@laurel/contract';
import { AreaChart } from '@mantine/charts';

type TRevenueChartProps = { points: TSubscriptionAnalytics['incrementalRevenueDate']; symbol: string };

/** Revenue to date by day; its own module, so that recharts loads only where a plan has figures to draw. */
export const RevenueChart = ({ points, symbol }: TRevenueChartProps) => (
  <AreaChart
    h={220}
    data={points}
    dataKey="date"
    series={[{ name: 'cumulative', label: 'Revenue to date', color: 'laurel.6' }]}
    valueFormatter={(value) => formatMoney(value, symbol)}
    curveType="monotone"
    withDots={false}
    aria-label="Revenue to date"
  />
);
