import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/segments/pages');
const SegmentsPage = lazyPage(load, 'SegmentsPage');
const SegmentPage = lazyPage(load, 'SegmentPage');
const SegmentPlayersPage = lazyPage(load, 'SegmentPlayersPage');

/** `/console/segments`, `/console/segment/{segment_id?}` and `/console/segment/{segment_id}/players` (spec 2 §2). */
export const segmentsRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.segments, element: <SegmentsPage /> },
  { path: ROUTE_PATTERNS.segment, element: <SegmentPage /> },
  { path: ROUTE_PATTERNS.segmentPlayers, element: <SegmentPlayersPage /> },
];
