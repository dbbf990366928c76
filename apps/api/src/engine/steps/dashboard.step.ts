import type { EngineStep } from '../core/types';
import { recordDashboard, writeDashboardSums } from '../dashboard/record-dashboard';

/**
 * The dashboard's rollups (issue 15): last, after challenges, so that the tier a player-day counts under is the
 * one the batch left the player with. Same transaction as everything else the batch does, so it counts exactly once.
 */
export const dashboardStep: EngineStep = {
  name: 'dashboard',
  apply: recordDashboard,
  // The shared daily sums once per batch, last: a second worker waits on their rows only for the commit's moment.
  finish: writeDashboardSums,
};
