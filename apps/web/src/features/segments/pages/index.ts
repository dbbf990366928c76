export { SegmentPage } from './segment-page';
export { SegmentPlayersPage } from './segment-players-page';
export { SegmentsPage } from './segments-page';
