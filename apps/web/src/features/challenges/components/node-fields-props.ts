import type { TObjectiveEventType } from '@laurel/contract';
import type { TChallengeNode } from '@/features/challenges/flow/graph';
import type { TNodeConfig } from '@/features/challenges/flow/node-config';

/** What every node panel's fields receive: the node, its objective's event type, and a setter of its config. */
export type TNodeFieldsProps = {
  node: TChallengeNode;
  config: TNodeConfig;
  /** The event type of the objective this node belongs to (its trigger bounds). */
  eventType: TObjectiveEventType | null;
  currencySymbol: string;
  readOnly: boolean;
  onChange: (config: TNodeConfig) => void;
};

/** A NumberInput's value as a number, or null when empty or not a number. */
export const numberOrNull = (value: number | string) => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const parsed = value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};
