import { z } from 'zod';

/** Loyalty tiers, lowest first (spec 2 §9, spec 3 §1). */
export const ZTier = z.enum(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
export type TTier = z.infer<typeof ZTier>;
export const TIERS = ZTier.options;

/** The 1-based tier number of a tier (milestone target values 1 to 5). */
export const tierNumber = (tier: TTier) => TIERS.indexOf(tier) + 1;
export const tierByNumber = (value: number): TTier | undefined => TIERS[value - 1];

export const ALL_PLAYERS_SEGMENT = 'AllPlayers';
export const tierSegmentName = <T extends TTier>(tier: T): `tier${T}` => `tier${tier}`;

/** System segments every client has (DESIGN §4); the only ones the challenge segment dialog offered. */
export const ZSystemSegmentName = z.enum([ALL_PLAYERS_SEGMENT, ...TIERS.map(tierSegmentName)]);
export type TSystemSegmentName = z.infer<typeof ZSystemSegmentName>;
export const SYSTEM_SEGMENT_NAMES = ZSystemSegmentName.options;
