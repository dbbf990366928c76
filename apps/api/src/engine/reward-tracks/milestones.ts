import type { TMilestone, TTrackProgress } from '@laurel/contract';
import { progressPercent } from '@laurel/contract';

/** Milestones the source value has reached (its threshold is at most the value). */
export const reachedMilestones = (milestones: readonly TMilestone[], sourceValue: number) =>
  milestones.filter((milestone) => sourceValue >= milestone.source_value);

/**
 * The milestone that decides the target: of those reached, the one with the highest threshold (DESIGN §5: its
 * `target_value` is what the target becomes); none before the first threshold.
 */
export const decidingMilestone = (milestones: readonly TMilestone[], sourceValue: number) => {
  let best: TMilestone | undefined;
  for (const milestone of milestones) {
    if (sourceValue < milestone.source_value) continue;
    if (!best || milestone.source_value >= best.source_value) best = milestone;
  }
  return best;
};

/** What the target becomes for a source value: 0 before the first milestone. */
export const mappedTarget = (milestones: readonly TMilestone[], sourceValue: number) =>
  decidingMilestone(milestones, sourceValue)?.target_value ?? 0;

/**
 * The next milestone to reach: the lowest threshold above the source value that gives more than the target held
 * (a tier kept through a year-end or a qualification window is above what the source reaches now).
 */
export const nextMilestone = (milestones: readonly TMilestone[], sourceValue: number, targetValue = 0) => {
  let next: TMilestone | undefined;
  for (const milestone of milestones) {
    if (milestone.source_value <= sourceValue || milestone.target_value <= targetValue) continue;
    if (!next || milestone.source_value < next.source_value) next = milestone;
  }
  return next;
};

/**
 * A player's place on a track for the player API and the profile's step bars: the milestone held (by the target
 * value the engine wrote), the next one above it by the source value, the way between them, and the spec's
 * percentage of the track (value over the highest target value).
 */
export const trackProgress = (
  milestones: readonly TMilestone[],
  targetValue: number,
  sourceValue: number,
): TTrackProgress => {
  const held = [...milestones].reverse().find((milestone) => milestone.target_value === targetValue);
  const next = nextMilestone(milestones, sourceValue, targetValue);
  const from = decidingMilestone(milestones, sourceValue)?.source_value ?? 0;
  const maximum = Math.max(0, ...milestones.map((milestone) => milestone.target_value));
  return {
    value: targetValue,
    name: held?.name ?? null,
    source_value: sourceValue,
    next: next ? { name: next.name, source_value: next.source_value, target_value: next.target_value } : null,
    progress_to_next_percent: next
      ? Math.round(progressPercent(sourceValue - from, next.source_value - from) * 100) / 100
      : 100,
    percent_of_track: Math.round(progressPercent(targetValue, maximum) * 100) / 100,
  };
};
