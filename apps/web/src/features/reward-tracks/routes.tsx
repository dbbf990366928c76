import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const RewardTracksPage = lazyPage(
  () => import('@/features/reward-tracks/pages/reward-tracks-page'),
  'RewardTracksPage',
);
const RewardTrackPage = lazyPage(
  () => import('@/features/reward-tracks/pages/track-editor-page'),
  'RewardTrackPage',
);
const TierProgressionPage = lazyPage(
  () => import('@/features/reward-tracks/pages/track-editor-page'),
  'TierProgressionPage',
);
const LevelProgressionPage = lazyPage(
  () => import('@/features/reward-tracks/pages/track-editor-page'),
  'LevelProgressionPage',
);

/**
 * `/console/reward-tracks`, `/console/reward-track-details/{id?}`, `/console/tier-progression-details/{id?}` and
 * `/console/level-progression-details/{id?}` (spec 3 §2).
 */
export const rewardTracksRoutes: RouteObject[] = viewableBy(
  ['REWARD_TRACKS'],
  [
    { path: ROUTE_PATTERNS.rewardTracks, element: <RewardTracksPage /> },
    { path: ROUTE_PATTERNS.rewardTrackDetails, element: <RewardTrackPage /> },
    { path: ROUTE_PATTERNS.tierProgressionDetails, element: <TierProgressionPage /> },
    { path: ROUTE_PATTERNS.levelProgressionDetails, element: <LevelProgressionPage /> },
  ],
);
