import { describe, expect, it } from 'vitest';
import { LEVELS_TRACK, pngFile, TIERS_TRACK } from '@/features/reward-tracks/test-server';
import {
  groupErrors,
  isEdited,
  milestonesToUpload,
  newTrackValues,
  type TTrackFormValues,
  toTrackBody,
  validateTrack,
  valuesOfTrack,
  withMilestoneCount,
} from '@/features/reward-tracks/track-form-values';
import { TRACK_KINDS } from '@/features/reward-tracks/track-kinds';

const tier = TRACK_KINDS.TIER_PROGRESSION;
const level = TRACK_KINDS.LEVEL_PROGRESSION;
const generic = TRACK_KINDS.GENERIC;

const filled = (values: TTrackFormValues): TTrackFormValues => ({
  ...values,
  name: 'Coffee Club',
  milestones: values.milestones.map((milestone, index) => ({
    ...milestone,
    name: `Step ${index + 1}`,
    colour: '#d2a023',
    source_value: (index + 1) * 10,
    target_value: milestone.target_value || index + 1,
    image_url: 'http://127.0.0.1/media/a.png',
  })),
});

describe('milestone count', () => {
  it('starts a new track with one blank milestone: blank text and 0 values', () => {
    const values = newTrackValues(level);
    expect(values.milestone_count).toBe(1);
    expect(values.milestones).toHaveLength(1);
    expect(values.milestones[0]).toMatchObject({
      name: '',
      colour: '',
      source_value: 0,
      target_value: 0,
      image_url: '',
    });
  });

  it('appends blank milestones when the count rises and cuts the list when it falls', () => {
    const three = withMilestoneCount(level, filled(newTrackValues(level)), 3);
    expect(three.milestones.map((milestone) => milestone.name)).toEqual(['Step 1', '', '']);
    const one = withMilestoneCount(level, three, 1);
    expect(one.milestone_count).toBe(1);
    expect(one.milestones.map((milestone) => milestone.name)).toEqual(['Step 1']);
  });

  it('keeps the count within 1 to 5', () => {
    expect(withMilestoneCount(level, newTrackValues(level), 9).milestones).toHaveLength(5);
    expect(withMilestoneCount(level, newTrackValues(level), 0).milestones).toHaveLength(1);
  });

  it("locks a tier milestone's tier to its position", () => {
    const five = withMilestoneCount(tier, newTrackValues(tier), 5);
    expect(five.milestones.map((milestone) => milestone.target_value)).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts a loaded track without milestones with one blank milestone', () => {
    const values = valuesOfTrack(level, { ...LEVELS_TRACK, milestones: [] });
    expect(values.milestones).toHaveLength(1);
    expect(values.milestone_count).toBe(1);
  });
});

describe('validation', () => {
  it("lists the tier page's messages: name, then each milestone's value, image and colour", () => {
    const errors = validateTrack(tier, newTrackValues(tier));
    expect(errors.map((error) => error.message)).toEqual([
      'Name is required',
      'Name is required',
      'Value is required',
      'Image is required',
      'Color is required',
    ]);
    expect(groupErrors(errors)).toEqual([
      { title: null, messages: ['Name is required'] },
      {
        title: 'Milestone 1',
        messages: ['Name is required', 'Value is required', 'Image is required', 'Color is required'],
      },
    ]);
  });

  it("says 'Level is required' for a level milestone without a level", () => {
    const errors = validateTrack(level, newTrackValues(level)).map((error) => error.message);
    expect(errors).toContain('Level is required');
    expect(errors).toContain('Value is required');
  });

  it('asks a generic track for its source and target and positive values', () => {
    const errors = validateTrack(generic, newTrackValues(generic)).map((error) => error.message);
    expect(errors.slice(0, 3)).toEqual(['Name is required', 'Source is required', 'Target is required']);
    expect(errors).toContain('Source value must be greater than 0');
    expect(errors).toContain('Target value must be greater than 0');
  });

  it('accepts a chosen file in place of a saved image', () => {
    const values = filled(newTrackValues(level));
    const withFile = {
      ...values,
      milestones: values.milestones.map((milestone) => ({
        ...milestone,
        image_url: '',
        file: pngFile('a.png', 4, 4),
        isFileEdited: true,
      })),
    };
    expect(validateTrack(level, withFile)).toEqual([]);
  });
});

describe('saving', () => {
  it('sends the tier by position and the fixed source and target', () => {
    const values = filled(withMilestoneCount(tier, newTrackValues(tier), 2));
    const body = toTrackBody(tier, values, new Map());
    expect(body).toMatchObject({
      reward_track_type: 'TIER_PROGRESSION',
      source: 'level',
      target: 'tier',
      milestone_count: 2,
      qualification_window: 'NONE',
      downgrade_one_tier_per_review: true,
    });
    expect(body.milestones?.map((milestone) => milestone.target_value)).toEqual([1, 2]);
  });

  it('puts the locations of the images just uploaded in place of the old ones', () => {
    const values = filled(withMilestoneCount(level, newTrackValues(level), 2));
    const body = toTrackBody(level, values, new Map([[1, 'http://127.0.0.1/media/new.png']]));
    expect(body.milestones?.map((milestone) => milestone.image_url)).toEqual([
      'http://127.0.0.1/media/a.png',
      'http://127.0.0.1/media/new.png',
    ]);
    expect(body).not.toHaveProperty('qualification_window');
  });

  it('uploads only newly chosen files, described by the milestone name', () => {
    const values = valuesOfTrack(level, LEVELS_TRACK);
    expect(milestonesToUpload(values)).toEqual([]);
    const file = pngFile('gold.png', 8, 8);
    const changed = {
      ...values,
      milestones: values.milestones.map((milestone, index) =>
        index === 2 ? { ...milestone, file, isFileEdited: true } : milestone,
      ),
    };
    expect(milestonesToUpload(changed)).toEqual([{ index: 2, file, name: 'level 3' }]);
  });

  it('is edited only once something differs from what was loaded', () => {
    const loaded = valuesOfTrack(tier, TIERS_TRACK);
    expect(isEdited(valuesOfTrack(tier, TIERS_TRACK), loaded)).toBe(false);
    expect(isEdited({ ...loaded, reset_points_annually: true }, loaded)).toBe(true);
    expect(isEdited(withMilestoneCount(tier, loaded, 4), loaded)).toBe(true);
  });
});
