import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const ChallengesPage = lazyPage(
  () => import('@/features/challenges/pages/challenges-page'),
  'ChallengesPage',
);
// The editor is its own chunk: React Flow and dagre load only when a challenge is opened.
const ChallengePage = lazyPage(() => import('@/features/challenges/pages/challenge-page'), 'ChallengePage');

/** `/console/challenges` and `/console/challenge/{challenge_id?}` (spec 2 §2). */
export const challengesRoutes: RouteObject[] = viewableBy(
  ['CHALLENGES'],
  [
    { path: ROUTE_PATTERNS.challenges, element: <ChallengesPage /> },
    { path: ROUTE_PATTERNS.challenge, element: <ChallengePage /> },
  ],
);
