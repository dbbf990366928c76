export { RewardTracksPage } from './reward-tracks-page';
export { LevelProgressionPage, RewardTrackPage, TierProgressionPage } from './track-editor-page';
