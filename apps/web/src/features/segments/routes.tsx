import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const SegmentsPage = lazyPage(() => import('@/features/segments/pages/segments-page'), 'SegmentsPage');
const SegmentPage = lazyPage(() => import('@/features/segments/pages/segment-page'), 'SegmentPage');
const SegmentPlayersPage = lazyPage(
  () => import('@/features/segments/pages/segment-players-page'),
  'SegmentPlayersPage',
);

/** `/console/segments`, `/console/segment/{segment_id?}` and `/console/segment/{segment_id}/players` (spec 2 §2). */
export const segmentsRoutes: RouteObject[] = viewableBy(
  ['SEGMENTS'],
  [
    { path: ROUTE_PATTERNS.segments, element: <SegmentsPage /> },
    { path: ROUTE_PATTERNS.segment, element: <SegmentPage /> },
    { path: ROUTE_PATTERNS.segmentPlayers, element: <SegmentPlayersPage /> },
  ],
);
