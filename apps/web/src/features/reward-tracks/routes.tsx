import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/reward-tracks/pages');
const RewardTracksPage = lazyPage(load, 'RewardTracksPage');
const RewardTrackPage = lazyPage(load, 'RewardTrackPage');
const TierProgressionPage = lazyPage(load, 'TierProgressionPage');
const LevelProgressionPage = lazyPage(load, 'LevelProgressionPage');

/**
 * `/console/reward-tracks`, `/console/reward-track-details/{id?}`, `/console/tier-progression-details/{id?}` and
 * `/console/level-progression-details/{id?}` (spec 3 §2).
 */
export const rewardTracksRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.rewardTracks, element: <RewardTracksPage /> },
  { path: ROUTE_PATTERNS.rewardTrackDetails, element: <RewardTrackPage /> },
  { path: ROUTE_PATTERNS.tierProgressionDetails, element: <TierProgressionPage /> },
  { path: ROUTE_PATTERNS.levelProgressionDetails, element: <LevelProgressionPage /> },
];
