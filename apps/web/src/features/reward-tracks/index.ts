export { rewardTrackKeys } from './api';
export { CustomerProgression } from './components/customer-progression';
export { rewardTracksRoutes } from './routes';
