import { TIERS, ZSaveRewardTrackRequest } from '@laurel/contract';
import type { AppContext } from '../app-context';
import type { Actor } from '../modules/audit/audit';
import { storeImage } from '../modules/media/media.service';
import { createRewardTracksService } from '../modules/reward-tracks/reward-tracks.service';

/** XP thresholds of levels 1 to 5 (the demo earns 1 XP per R5): its regulars reach levels 1 to 4 in three months. */
const LEVEL_XP = [20, 60, 120, 250, 500];
const LEVEL_COLOURS = ['#8ecae6', '#219ebc', '#126782', '#023047', '#d2a023'];
const TIER_COLOURS = ['#cd7f32', '#c0c0c0', '#d4af37', '#8fa3b8', '#6fd3f5'];

/** A small medal: a coloured disc with the milestone's number, as an SVG the upload check accepts. */
const medal = (colour: string, label: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
      `<circle cx="48" cy="48" r="44" fill="${colour}" stroke="#ffffff" stroke-width="4"/>` +
      `<text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#ffffff">${label}</text>` +
      `</svg>`,
  );

/**
 * The demo business's level progression (XP -> level 1 to 5) and tier progression (level n -> the n-th of
 * Bronze..Diamond), with milestone images stored through the media provider as an upload would be. Made before
 * the activity, so the XP its customers earn gives them levels and tiers (and the tier segments members).
 */
export const seedDemoRewardTracks = async (ctx: AppContext, actor: Actor) => {
  const service = createRewardTracksService(ctx.database.db, ctx.clock);
  const image = async (colour: string, label: string, fileName: string) =>
    (
      await storeImage(ctx.media, {
        clientId: actor.clientId,
        bytes: medal(colour, label),
        fileName,
      })
    ).location;
  const year = new Date().getUTCFullYear();
  const levelMilestones = [];
  for (const [index, xp] of LEVEL_XP.entries()) {
    levelMilestones.push({
      name: `Level ${index + 1}`,
      colour: LEVEL_COLOURS[index],
      source_value: xp,
      target_value: index + 1,
      image_url: await image(LEVEL_COLOURS[index] as string, String(index + 1), `level-${index + 1}.svg`),
    });
  }
  await service.create(
    actor,
    ZSaveRewardTrackRequest.parse({
      name: 'Bean There Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      start_date: `${year - 1}-01-01`,
      end_date: `${year + 4}-12-31`,
      reset_points_annually: false,
      persist_tier_levels_annually: false,
      milestones: levelMilestones,
    }),
  );
  const tierMilestones = [];
  for (const [index, tier] of TIERS.entries()) {
    tierMilestones.push({
      name: tier,
      colour: TIER_COLOURS[index],
      source_value: index + 1,
      target_value: index + 1,
      image_url: await image(TIER_COLOURS[index] as string, tier.charAt(0), `tier-${tier.toLowerCase()}.svg`),
    });
  }
  await service.create(
    actor,
    ZSaveRewardTrackRequest.parse({
      name: 'Bean There Tiers',
      reward_track_type: 'TIER_PROGRESSION',
      start_date: `${year - 1}-01-01`,
      end_date: `${year + 4}-12-31`,
      reset_points_annually: false,
      persist_tier_levels_annually: true,
      milestones: tierMilestones,
      qualification_window: 'ROLLING_MONTHS',
      qualification_months: 12,
      downgrade_one_tier_per_review: true,
    }),
  );
};
