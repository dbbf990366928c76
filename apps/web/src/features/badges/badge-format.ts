import type { TBadge, TBadgeThemeKey } from '@laurel/contract';
import { displayDate } from '@/ui/display-date';

/** Texts of this area that the spec does not give; the spec's own come from BADGE_MESSAGES. */
export const BADGE_TEXTS = {
  subtitle: 'Visual awards players earn through challenges, segments and milestones.',
  search: 'Search badges',
  searchPlaceholder: 'Search by name',
  readOnlyNote: 'You may view this badge but not change it.',
  preview: 'Preview',
  previewCard: 'The badge as players see it',
  previewName: 'Badge name',
  previewSubCopy: 'Sub copy',
  nameOnDetails: 'The name is set on the Details tab.',
  customIcon: 'Custom Icon',
  uploadIcon: 'Upload Icon',
  replaceIcon: 'Replace',
  removeIcon: 'Remove',
  customIconHint: 'PNG, JPG or SVG, at most 5 MB. An uploaded icon is shown instead of a library icon.',
  libraryHint:
    'Choose an icon from the library: it is drawn in the theme’s icon colour on the primary colour.',
  resetTheme: 'Reset to defaults',
  hardToReadTitle: 'Players may find the words hard to read',
  hardToRead: (colour: string, ratio: number, wanted: number) =>
    `${colour} on the Background Color contrasts ${ratio.toFixed(1)}:1; ${wanted}:1 or more reads well.`,
  alwaysAvailable: 'Always available',
} as const;

export const deleteConfirmTitle = (name: string) => `Confirm deletion of '${name}' badge`;
export const deleteConfirmText =
  'Deleting this badge will permanently remove it, and players who hold it will lose it. Its transactions stay in the reports.';

/** Labels and hints of the Theme tab's five colours (spec 2 §2). */
export const THEME_FIELDS: Record<TBadgeThemeKey, { label: string; hint: string }> = {
  primary: { label: 'Primary Color', hint: 'The circle behind the icon.' },
  name: { label: 'Name Color', hint: "The badge's name." },
  sub_copy: { label: 'Sub Copy Color', hint: 'The line under the name and the description.' },
  background: { label: 'Background Color', hint: 'The card the badge sits on.' },
  icon: { label: 'Icon Color', hint: 'A library icon or the trophy placeholder.' },
};

/** A 'YYYY-MM-DD' calendar day as '3 Mar 2025'. */
export const displayDay = (day: string | null | undefined) => (day ? displayDate(`${day}T12:00:00`) : '—');

/**
 * The Quantity cell (spec 2: the quantity, as entered); an unlimited badge has none. How many were granted is in
 * the cell's title (stockTitle).
 */
export const stockText = (badge: Pick<TBadge, 'quantity_limited' | 'quantity'>) =>
  badge.quantity_limited ? String(badge.quantity) : '—';

export const stockTitle = (badge: Pick<TBadge, 'quantity_limited' | 'quantity' | 'granted_quantity'>) =>
  badge.quantity_limited
    ? `${badge.granted_quantity.toLocaleString('en-US')} granted of ${badge.quantity.toLocaleString('en-US')}`
    : 'No limit';
