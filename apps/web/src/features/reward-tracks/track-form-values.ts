import {
  BLANK_MILESTONE,
  clampMilestoneCount,
  MILESTONE_LIMITS,
  milestoneLabel,
  QUALIFICATION_MONTHS,
  REWARD_TRACK_MESSAGES,
  type TMilestone,
  type TQualificationWindow,
  type TRewardTrack,
  type TSaveRewardTrackRequest,
} from '@laurel/contract';
import type { TTrackKind } from '@/features/reward-tracks/track-kinds';

/** One milestone block. `file` is a newly chosen image (client-only, spec 3 §3): only it is uploaded on save. */
export type TMilestoneValues = {
  /** Keeps a block's inputs with it while the list grows and shrinks. */
  key: string;
  name: string;
  colour: string;
  source_value: number;
  target_value: number;
  image_url: string;
  file: File | null;
  isFileEdited: boolean;
};

/** What a track page holds. Dates are calendar days ('YYYY-MM-DD'). */
export type TTrackFormValues = {
  name: string;
  start_date: string | null;
  end_date: string | null;
  source: string;
  target: string;
  reset_points_annually: boolean;
  persist_tier_levels_annually: boolean;
  milestone_count: number;
  milestones: TMilestoneValues[];
  /** Tier tracks only, beyond the spec: how a tier is qualified for and kept. */
  qualification_window: TQualificationWindow;
  qualification_months: number;
  downgrade_one_tier_per_review: boolean;
};

export type TMilestoneField = 'name' | 'colour' | 'source_value' | 'target_value' | 'image';
export type TTrackField = 'name' | 'source' | 'target' | `milestones.${number}.${TMilestoneField}`;
/** A failed check: the field it marks, its message, and the milestone's position (1-based) when it is one's. */
export type TTrackError = { field: TTrackField; message: string; milestone?: number };

let keySequence = 0;
const nextKey = () => {
  keySequence += 1;
  return `milestone-${keySequence}`;
};

/** A tier milestone's target is its position: milestone 1 reaches tier 1 (Bronze) … milestone 5 tier 5 (Diamond). */
const lockTarget = (kind: TTrackKind, milestone: TMilestoneValues, index: number) =>
  kind.targetLockedToPosition ? { ...milestone, target_value: index + 1 } : milestone;

/** Blank text and 0 values (spec 3 §2); a tier milestone's tier is its position all the same. */
export const blankMilestone = (kind: TTrackKind, index: number): TMilestoneValues =>
  lockTarget(kind, { key: nextKey(), ...BLANK_MILESTONE, file: null, isFileEdited: false }, index);

/**
 * The milestone list always matches the count: a higher count appends blank milestones, a lower one cuts the list
 * (spec 3 §2, §4). The count is kept within 1 to 5.
 */
export const withMilestoneCount = (
  kind: TTrackKind,
  values: TTrackFormValues,
  count: number,
): TTrackFormValues => {
  const wanted = clampMilestoneCount(count);
  const kept = values.milestones.slice(0, wanted);
  const added = Array.from({ length: wanted - kept.length }, (_, offset) =>
    blankMilestone(kind, kept.length + offset),
  );
  return { ...values, milestone_count: wanted, milestones: [...kept, ...added] };
};

/** A new track: one blank milestone, the progressions' fixed source and target. */
export const newTrackValues = (kind: TTrackKind): TTrackFormValues => ({
  name: '',
  start_date: null,
  end_date: null,
  source: kind.fixed?.source ?? '',
  target: kind.fixed?.target ?? '',
  reset_points_annually: false,
  persist_tier_levels_annually: false,
  milestone_count: MILESTONE_LIMITS.min,
  milestones: [blankMilestone(kind, 0)],
  qualification_window: 'NONE',
  qualification_months: QUALIFICATION_MONTHS.default,
  downgrade_one_tier_per_review: true,
});

/** A saved milestone as the page edits it. */
export const milestoneValues = (kind: TTrackKind, milestone: TMilestone, index: number): TMilestoneValues =>
  lockTarget(
    kind,
    {
      key: nextKey(),
      name: milestone.name,
      colour: milestone.colour,
      source_value: milestone.source_value,
      target_value: milestone.target_value,
      image_url: milestone.image_url ?? '',
      file: null,
      isFileEdited: false,
    },
    index,
  );

/** A number input's value as the spec keeps it: anything that is not a number becomes 0. */
export const numberOrZero = (value: string | number) => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
};

const comparable = (values: TTrackFormValues) =>
  JSON.stringify({
    ...values,
    milestones: values.milestones.map(({ key: _key, file, ...rest }) => ({ ...rest, file: file !== null })),
  });

/** Save is enabled only once something differs from what was loaded (spec 3 §4). */
export const isEdited = (values: TTrackFormValues, initial: TTrackFormValues) =>
  comparable(values) !== comparable(initial);

const blank = (text: string) => text.trim() === '';

/**
 * The save's checks (spec 3 §5), in the order the 'Validation Error' modal lists them: the track's own fields, then
 * each milestone's name, values, image and colour.
 */
export const validateTrack = (kind: TTrackKind, values: TTrackFormValues): TTrackError[] => {
  const errors: TTrackError[] = [];
  if (blank(values.name)) errors.push({ field: 'name', message: REWARD_TRACK_MESSAGES.nameRequired });
  if (!kind.fixed) {
    if (blank(values.source)) errors.push({ field: 'source', message: REWARD_TRACK_MESSAGES.sourceRequired });
    if (blank(values.target)) errors.push({ field: 'target', message: REWARD_TRACK_MESSAGES.targetRequired });
  }
  values.milestones.forEach((milestone, index) => {
    const at = (field: TMilestoneField, message: string) =>
      errors.push({ field: `milestones.${index}.${field}`, message, milestone: index + 1 });
    if (blank(milestone.name)) at('name', REWARD_TRACK_MESSAGES.nameRequired);
    if (!(milestone.source_value >= MILESTONE_LIMITS.valueMin)) at('source_value', kind.messages.sourceValue);
    if (!(milestone.target_value >= MILESTONE_LIMITS.valueMin)) at('target_value', kind.messages.targetValue);
    if (blank(milestone.image_url) && !milestone.file) at('image', REWARD_TRACK_MESSAGES.imageRequired);
    if (blank(milestone.colour)) at('colour', REWARD_TRACK_MESSAGES.colorRequired);
  });
  return errors;
};

/** The modal's list: the track's messages first, then each milestone's under 'Milestone n'. */
export const groupErrors = (errors: readonly TTrackError[]) => {
  const groups: { title: string | null; messages: string[] }[] = [];
  for (const error of errors) {
    const title = error.milestone ? milestoneLabel(error.milestone) : null;
    const last = groups.at(-1);
    if (last && last.title === title) last.messages.push(error.message);
    else groups.push({ title, messages: [error.message] });
  }
  return groups;
};

export const errorsByField = (errors: readonly TTrackError[]) => {
  const byField: Partial<Record<TTrackField, string>> = {};
  for (const error of errors) byField[error.field] ??= error.message;
  return byField;
};

/** A loaded track as its page edits it; a track without milestones starts with one blank milestone (spec 3 §2). */
export const valuesOfTrack = (kind: TTrackKind, track: TRewardTrack): TTrackFormValues => {
  const milestones = [...track.milestones]
    .sort((a, b) => a.index - b.index)
    .map((milestone, index) => milestoneValues(kind, milestone, index));
  const loaded: TTrackFormValues = {
    name: track.name,
    start_date: track.start_date,
    end_date: track.end_date,
    source: kind.fixed?.source ?? track.source,
    target: kind.fixed?.target ?? track.target,
    reset_points_annually: track.reset_points_annually,
    persist_tier_levels_annually: track.persist_tier_levels_annually,
    milestone_count: milestones.length,
    milestones,
    qualification_window: track.qualification_window,
    qualification_months: track.qualification_months,
    downgrade_one_tier_per_review: track.downgrade_one_tier_per_review,
  };
  return milestones.length === 0 ? withMilestoneCount(kind, loaded, MILESTONE_LIMITS.min) : loaded;
};

/**
 * The save's body (spec 3 §3): the milestones in order with their images' locations (`uploaded` holds those of
 * the files just uploaded, by position), `milestone_count` their number.
 */
export const toTrackBody = (
  kind: TTrackKind,
  values: TTrackFormValues,
  uploaded: ReadonlyMap<number, string>,
): TSaveRewardTrackRequest => ({
  name: values.name.trim(),
  reward_track_type: kind.type,
  source: kind.fixed?.source ?? values.source,
  target: kind.fixed?.target ?? values.target,
  start_date: values.start_date,
  end_date: values.end_date,
  reset_points_annually: values.reset_points_annually,
  persist_tier_levels_annually: values.persist_tier_levels_annually,
  milestone_count: values.milestones.length,
  milestones: values.milestones.map((milestone, index) => ({
    index,
    name: milestone.name.trim(),
    colour: milestone.colour.trim(),
    source_value: milestone.source_value,
    target_value: kind.targetLockedToPosition ? index + 1 : milestone.target_value,
    image_url: uploaded.get(index) ?? milestone.image_url,
  })),
  ...(kind.type === 'TIER_PROGRESSION'
    ? {
        qualification_window: values.qualification_window,
        qualification_months: values.qualification_months,
        downgrade_one_tier_per_review: values.downgrade_one_tier_per_review,
      }
    : {}),
});

/** The milestones whose image is a newly chosen file: only these are uploaded (spec 3 §4). */
export const milestonesToUpload = (values: TTrackFormValues) =>
  values.milestones.flatMap((milestone, index) =>
    milestone.file && milestone.isFileEdited
      ? [{ index, file: milestone.file, name: milestone.name.trim() }]
      : [],
  );
