import {
  consolePaths,
  EARN_CONFIG_AREAS,
  EARN_CONFIG_MESSAGES,
  type TColumnTable,
  type TEarnConfigType,
} from '@laurel/contract';
import type { TEarnConfigKind } from '@/features/economy/earn-config-form-values';
import type { TEconomyArea } from '@/features/economy/economy-rules';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';

/** What differs between the cashback (type Currency) and XP (type Statistic) pages; everything else is shared. */
export type TEarnConfigKindInfo = {
  kind: TEarnConfigKind;
  type: TEarnConfigType;
  area: TEconomyArea;
  table: TColumnTable;
  listTitle: string;
  listSubtitle: string;
  tableTitle: string;
  addLabel: string;
  backLabel: string;
  listPath: string;
  configPath: (id?: string | null) => string;
  createTitle: string;
  title: (name: string) => string;
};

export const EARN_CONFIG_KINDS: Record<TEarnConfigKind, TEarnConfigKindInfo> = {
  cashback: {
    kind: 'cashback',
    type: 'Currency',
    area: EARN_CONFIG_AREAS.Currency,
    table: 'cashback-configs',
    listTitle: EARN_CONFIG_MESSAGES.cashbackListTitle,
    listSubtitle: ECONOMY_TEXTS.cashbackSubtitle,
    tableTitle: EARN_CONFIG_MESSAGES.cashbackTableTitle,
    addLabel: EARN_CONFIG_MESSAGES.addCashbackConfig,
    backLabel: EARN_CONFIG_MESSAGES.backToCashbackConfigs,
    listPath: consolePaths.cashbackConfigs,
    configPath: consolePaths.cashbackConfig,
    createTitle: ECONOMY_TEXTS.createCashbackTitle,
    title: ECONOMY_TEXTS.cashbackTitle,
  },
  xp: {
    kind: 'xp',
    type: 'Statistic',
    area: EARN_CONFIG_AREAS.Statistic,
    table: 'xp-configs',
    listTitle: ECONOMY_TEXTS.xpListTitle,
    listSubtitle: ECONOMY_TEXTS.xpSubtitle,
    tableTitle: ECONOMY_TEXTS.xpTableTitle,
    addLabel: EARN_CONFIG_MESSAGES.addXpConfig,
    backLabel: ECONOMY_TEXTS.backToXpConfigs,
    listPath: consolePaths.xpConfigs,
    configPath: consolePaths.xpConfig,
    createTitle: ECONOMY_TEXTS.createXpTitle,
    title: ECONOMY_TEXTS.xpTitle,
  },
};
