import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import { BADGE_MESSAGES } from '../messages/badges';
import { isoDateTime } from '../shared/dates';
import { ZId } from '../shared/ids';
import { BADGE_THEME_KEYS, ZBadgeCategory } from './badges';

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const BADGE_NAME_MAX_LENGTH = 120;
export const BADGE_MAX_LEVEL = 100;
export const BADGE_MAX_QUANTITY = 10_000_000;

export const ZBadgeIcon = z.object({
  /** A Font Awesome icon name and prefix (e.g. 'mug-hot', 'fas'), or an uploaded image's url. */
  name: z.string().max(100).nullable(),
  prefix: z.string().max(10).nullable(),
  url: z.string().max(2000).nullable(),
  etag: z.string().max(200).nullable(),
  file_name: z.string().max(255).nullable(),
});
export type TBadgeIcon = z.infer<typeof ZBadgeIcon>;

export const ZBadgeTheme = z.object({
  primary: z.string(),
  name: z.string(),
  sub_copy: z.string(),
  background: z.string(),
  icon: z.string(),
});

export const ZBadge = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  sub_copy: z.string(),
  quantity: z.number().int(),
  quantity_limited: z.boolean(),
  /** How many have been granted: a limited badge's stock left is quantity - granted_quantity. */
  granted_quantity: z.number().int(),
  dates_enabled: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  icon: ZBadgeIcon,
  theme: ZBadgeTheme,
  category: ZBadgeCategory,
  level: z.number().int(),
  /** The spec's provider item id: Laurel is the provider, so it is the badge's own id. */
  playfab_item_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBadge = z.infer<typeof ZBadge>;

const colour = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(HEX_COLOUR, `${message.replace(' is required', '')} must be a hex colour such as #d2a023`);

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Dates: the console sends the start of the first day and the end of the last (spec 2 §2). */
const ZDateTime = isoDateTime('Dates must be ISO 8601 date-times');

/** The badge editor's body (spec 2 §5), checked as its Validation Error dialog checks it. */
export const ZSaveBadgeRequest = z
  .object({
    _id: ZId.optional(),
    name: z
      .string({ error: BADGE_MESSAGES.nameRequired })
      .trim()
      .min(1, BADGE_MESSAGES.nameRequired)
      .max(BADGE_NAME_MAX_LENGTH, `Name must not be more than ${BADGE_NAME_MAX_LENGTH} characters`),
    description: z
      .string({ error: BADGE_MESSAGES.descriptionRequired })
      .trim()
      .min(1, BADGE_MESSAGES.descriptionRequired)
      .max(1000),
    sub_copy: z
      .string({ error: BADGE_MESSAGES.subCopyRequired })
      .trim()
      .min(1, BADGE_MESSAGES.subCopyRequired)
      .max(1000),
    quantity_limited: z.boolean().default(false),
    quantity: z
      .number({ error: BADGE_MESSAGES.quantityRequired })
      .int('Quantity must be a whole number')
      .min(0, 'Quantity must not be negative')
      .max(BADGE_MAX_QUANTITY)
      .nullable()
      .optional(),
    dates_enabled: z.boolean().default(false),
    start_date: ZDateTime.nullable().optional(),
    end_date: ZDateTime.nullable().optional(),
    icon: z
      .object({
        name: optionalText(100),
        prefix: optionalText(10),
        url: optionalText(2000),
        etag: optionalText(200),
        file_name: optionalText(255),
      })
      .partial()
      .nullable()
      .optional(),
    theme: z.object({
      primary: colour(BADGE_MESSAGES.primaryColorRequired),
      name: colour(BADGE_MESSAGES.nameColorRequired),
      sub_copy: colour(BADGE_MESSAGES.subCopyColorRequired),
      background: colour(BADGE_MESSAGES.backgroundColorRequired),
      icon: colour(BADGE_MESSAGES.iconColorRequired),
    }),
    category: ZBadgeCategory.default('Achievement'),
    level: z
      .number()
      .int('Level must be a whole number')
      .min(1, 'Level must be at least 1')
      .max(BADGE_MAX_LEVEL)
      .default(1),
  })
  .superRefine((badge, ctx) => {
    if (badge.quantity_limited && (badge.quantity === null || badge.quantity === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: BADGE_MESSAGES.quantityRequired });
    }
    const icon = badge.icon ?? {};
    if (!icon.url && !icon.name)
      ctx.addIssue({ code: 'custom', path: ['icon'], message: BADGE_MESSAGES.iconRequired });
    if (badge.dates_enabled) {
      if (!badge.start_date)
        ctx.addIssue({ code: 'custom', path: ['start_date'], message: BADGE_MESSAGES.startDateRequired });
      if (!badge.end_date)
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: BADGE_MESSAGES.endDateRequired });
      if (badge.start_date && badge.end_date && Date.parse(badge.end_date) <= Date.parse(badge.start_date)) {
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: BADGE_MESSAGES.endDateAfterStart });
      }
    }
  });
export type TSaveBadgeRequest = z.input<typeof ZSaveBadgeRequest>;

/** Every field the spec's body may carry; theme colours are required, so a partial theme is refused whole. */
export const BADGE_THEME_FIELDS = BADGE_THEME_KEYS;

const idParams = z.object({ id: ZId });

export const listBadges = defineEndpoint({
  method: 'GET',
  path: '/badges',
  permission: 'BADGES:read',
  token: 'client',
  summary: 'Badges of the client, newest first',
  tags: ['badges'],
  query: ZPageQuery.extend({ search: z.string().trim().max(200).optional() }),
  response: envelopeOf(z.array(ZBadge)),
});

export const getBadge = defineEndpoint({
  method: 'GET',
  path: '/badges/:id',
  permission: 'BADGES:read',
  token: 'client',
  summary: 'One badge',
  tags: ['badges'],
  params: idParams,
  response: envelopeOf(ZBadge),
});

export const createBadge = defineEndpoint({
  method: 'POST',
  path: '/badges',
  permission: 'BADGES:create',
  token: 'client',
  summary: 'Create a badge (the spec’s save: a body with the _id of an existing badge updates it)',
  tags: ['badges'],
  body: ZSaveBadgeRequest,
  response: envelopeOf(ZBadge),
});

export const updateBadge = defineEndpoint({
  method: 'PUT',
  path: '/badges/:id',
  permission: 'BADGES:update',
  token: 'client',
  summary: 'Update a badge; a limited stock cannot go below what has been granted',
  tags: ['badges'],
  params: idParams,
  body: ZSaveBadgeRequest,
  response: envelopeOf(ZBadge),
});

export const deleteBadge = defineEndpoint({
  method: 'DELETE',
  path: '/badges/:id',
  permission: 'BADGES:delete',
  token: 'client',
  summary: 'Delete a badge; players keep nothing of it, its transactions stay in the ledger',
  tags: ['badges'],
  params: idParams,
  response: envelopeOf(ZBadge),
});
