/** The engine (DESIGN §5): ingestion, the worker and its steps. Other areas use only what is exported here. */
export { claimEvents } from './core/claim';
export { createEngine, type Engine, MAX_ATTEMPTS } from './core/engine';
export { ingestEvents } from './core/ingest';
export type { EngineEvent, EngineStep, StepBatch } from './core/types';
export { periodIndex, versionAt } from './statistics/periods';
export {
  currentVersion,
  loadStatisticCatalogue,
  type StatisticDefinition,
} from './statistics/statistic-definitions';
export { ensureSystemStatistics } from './statistics/system-statistics';
export { ENGINE_STEPS } from './steps';
