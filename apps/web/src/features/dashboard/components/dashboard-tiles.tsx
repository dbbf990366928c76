import { DASHBOARD_TILE_LABELS, type TDashboard } from '@laurel/contract';
import { SimpleGrid } from '@mantine/core';
import {
  type Icon,
  IconAward,
  IconCalendarStats,
  IconCash,
  IconCreditCard,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { StatChange, StatTile } from '@/ui/stat-tile';
import { DASHBOARD_TEXTS, formatFigure, type TFigureKey } from '../dashboard-format';

const TILES: { key: TFigureKey; label: string; icon: Icon }[] = [
  { key: 'daily_active_users', label: DASHBOARD_TILE_LABELS.dailyActiveUsers, icon: IconUsers },
  { key: 'monthly_active_users', label: DASHBOARD_TILE_LABELS.monthlyActiveUsers, icon: IconCalendarStats },
  { key: 'challenges_completed', label: DASHBOARD_TILE_LABELS.challengesCompleted, icon: IconTrophy },
  { key: 'badges_earned', label: DASHBOARD_TILE_LABELS.badgesEarned, icon: IconAward },
  { key: 'transaction_revenue', label: DASHBOARD_TILE_LABELS.transactionRevenue, icon: IconCash },
  { key: 'paying_players', label: DASHBOARD_TILE_LABELS.payingPlayers, icon: IconCreditCard },
];

/** The six figures of the period, each with its change against the period before (skeletons until they load). */
export const DashboardTiles = ({
  figures,
  currencySymbol,
}: {
  figures: TDashboard['figures'] | undefined;
  currencySymbol: string;
}) => (
  <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
    {TILES.map(({ key, label, icon }) => {
      const figure = figures?.[key];
      return (
        <StatTile
          key={key}
          label={label}
          icon={icon}
          loading={!figure}
          value={figure ? formatFigure(key, figure.value, currencySymbol) : null}
        >
          {figure && (
            <StatChange
              percent={figure.change_percent}
              comparedWith={DASHBOARD_TEXTS.comparedWith}
              noneText={DASHBOARD_TEXTS.noPreviousData}
            />
          )}
        </StatTile>
      );
    })}
  </SimpleGrid>
);
