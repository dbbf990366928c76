import type { TReward, TRewardStatus, TStatusChipColor } from '@laurel/contract';
import { formatBalance } from '@/ui/balance-format';

/** Texts of this area beyond the contract's REWARD_MESSAGES (which the server answers with). */
export const REWARD_TEXTS = {
  listTitle: 'Rewards',
  subtitle: 'What members spend their points on: coupons, items and digital goods.',
  addReward: 'Add Reward',
  search: 'Search rewards',
  searchPlaceholder: 'Search by name',
  status: 'Status',
  type: 'Type',
  allStatuses: 'All statuses',
  allTypes: 'All types',
  unlimited: 'Unlimited',
  unlimitedHint: 'Unlimited: as many as members redeem.',
  poolStockHint: (codesLeft: number | null) =>
    codesLeft === null
      ? 'Unlimited stock: the uploaded codes are the limit, one code a redemption.'
      : `Unlimited stock: the codes left are the limit (${codesLeft.toLocaleString('en-US')}).`,
  poolCapHint: (codesLeft: number | null) =>
    codesLeft === null
      ? 'The uploaded codes limit it too.'
      : `The codes left (${codesLeft.toLocaleString('en-US')}) limit it too.`,
  listFailed: 'Something went wrong when retrieving your rewards!',
  retrieveFailed: 'Something went wrong when retrieving your reward!',
  saveFailed: 'Something went wrong when saving your reward!',
  uploadCodesFailed: 'Something went wrong when uploading your codes!',
  backToRewards: 'Back to Rewards',
  createTitle: 'Create a reward',
  title: (name: string) => `Reward - ${name}`,
  header: 'Reward Details',
  headerHint: 'What it is, what it costs and who may redeem it; the preview shows it as members will see it.',
  readOnlyNote: 'You may view this reward but not change it.',
  /** The new-reward page opened by a user who may not create one. */
  mayNotCreateNote: 'Creating a reward needs the Add permission on Rewards.',
  preview: 'Preview',
  previewName: 'Reward name',
  image: 'Image',
  uploadImage: 'Upload Image',
  replaceImage: 'Replace',
  removeImage: 'Remove',
  imageHint: 'PNG, JPG or SVG, at most 5 MB; uploaded when you save.',
  poolTitle: 'Coupon codes',
  uploadCodes: 'Upload codes',
  uploadCodesHint: 'A CSV or text file with one code a line (a header line "code" is skipped).',
  poolSaveFirst: 'Save the reward first: codes are uploaded to a saved reward.',
  codesLeft: (left: number, total: number) =>
    `${left.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} codes left`,
  left: (left: number) => `${left.toLocaleString('en-US')} left`,
  opensOn: (day: string) => `from ${day}`,
  endedOn: (day: string) => `on ${day}`,
} as const;

/** The chip colour of each catalogue status. */
export const REWARD_STATUS_COLORS: Record<TRewardStatus, TStatusChipColor> = {
  Active: 'success',
  Scheduled: 'secondary',
  Ended: 'neutral',
  'Out of stock': 'danger',
  Inactive: 'neutral',
};

/** '250 BC': an amount with its currency's code. */
export const costText = (amount: number | '', code: string | null | undefined) =>
  `${amount === '' ? '—' : amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}${code ? ` ${code}` : ''}`;

/** '8.30 BC': a wallet balance as the profile's Wallet Balance tile and Wallet History show it (two decimals). */
export const balanceText = (amount: number, code: string | null | undefined) =>
  `${formatBalance(amount)}${code ? ` ${code}` : ''}`;

/** What is left of a limited reward, 'Unlimited' without a limit. */
export const stockLeftText = (reward: Pick<TReward, 'stock_left'>) =>
  reward.stock_left === null ? REWARD_TEXTS.unlimited : reward.stock_left.toLocaleString('en-US');
