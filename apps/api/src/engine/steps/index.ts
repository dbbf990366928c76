import type { EngineStep } from '../core/types';
import { ordersStep } from './orders.step';
import { statisticsStep } from './statistics.step';

/**
 * The pipeline, in DESIGN §5 order. Each area adds its step here: orders first (it decides what counts), then
 * statistics; economy, reward tracks, segments and challenges follow as they land.
 */
export const ENGINE_STEPS: readonly EngineStep[] = [ordersStep, statisticsStep];
