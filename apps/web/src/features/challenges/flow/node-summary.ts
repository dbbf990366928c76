import {
  CASHBACK_TYPE_LABELS,
  PAYMENT_METHOD_SCOPE_LABELS,
  PAYMENT_METHOD_SCOPES,
  PRODUCT_TARGET_TYPE_LABELS,
  type TObjectiveEventType,
  type TPaymentMethodScope,
  TRIGGER_KIND_BY_EVENT_TYPE,
  type TTimeRangeType,
} from '@laurel/contract';
import { money } from '@/features/challenges/challenge-format';
import { displayDate } from '@/ui/display-date';
import type { TChallengeNode } from './graph';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const isPaymentMethod = (value: string): value is TPaymentMethodScope =>
  (PAYMENT_METHOD_SCOPES as readonly string[]).includes(value);

/** The line a node card shows under its name: what its config says, in words. */
export const nodeSummary = (node: TChallengeNode, symbol: string): string => {
  const { config, node_type: kind } = node.data;
  const quantity = config.trigger?.trigger_quantity;
  if (node.type === 'objective') {
    const valued = TRIGGER_KIND_BY_EVENT_TYPE[kind as TObjectiveEventType] === 'value';
    return `Target: ${valued ? money(symbol, quantity) : (quantity ?? '—')}`;
  }
  switch (kind) {
    case 'trigger_quantity':
      return `Trigger quantity: ${quantity ?? '—'}`;
    case 'product_category': {
      const ids = config.scope?.value ?? [];
      const type = config.scope?.type === 'categories' ? 'categories' : 'products';
      const names = ids.map((id) => config.labels?.[id] ?? id);
      const target =
        names.length > 0 ? names.join(', ') : `No ${PRODUCT_TARGET_TYPE_LABELS[type].toLowerCase()}`;
      return `${target}${config.scope?.match_all ? ' (all)' : ''} × ${quantity ?? '—'}`;
    }
    case 'payment_method': {
      const methods = (config.scopes ?? []).map((scope) => scope.value).filter(isPaymentMethod);
      return methods.length > 0
        ? methods.map((method) => PAYMENT_METHOD_SCOPE_LABELS[method]).join(', ')
        : 'No method';
    }
    case 'date_range':
      return config.range_type === 'between'
        ? `${displayDate(config.start_date)} – ${displayDate(config.end_date)}`
        : `Within ${config.days ? plural(Number(config.days), 'day') : '— days'}`;
    case 'time':
      return `${(config.range_type as TTimeRangeType | undefined) ?? 'After'} ${config.time ?? '12:00'}`;
    case 'value':
      return `At least ${money(symbol, config.value)}`;
    case 'recurring':
      return `${config.count ?? 1}× ${config.frequency ?? 'daily'}, every ${config.interval ?? 1}`;
    case 'unique':
      return config.field ? `Unique ${config.field}` : 'Each counted once';
    case 'first_occurrence':
      return 'First time only';
    case 'badges':
      return typeof config.value === 'string'
        ? (config.labels?.[config.value] ?? 'Badge chosen')
        : 'No badge';
    case 'xp':
      return `${config.value ?? '—'} XP`;
    case 'level':
      return `+${plural(Number(config.value ?? 0), 'level')}`;
    case 'cashback': {
      const type = config.currency_type ?? 'percentage';
      const amount = type === 'percentage' ? `${config.value ?? 0}%` : `${config.value ?? 0}`;
      const currency = config.currency ? (config.labels?.[config.currency] ?? '') : '';
      return `${CASHBACK_TYPE_LABELS[type]} ${amount}${currency ? ` ${currency}` : ''}`;
    }
    default:
      return '';
  }
};
