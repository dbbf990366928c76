import type { TFlowNodeType } from '@laurel/contract';
import { type Icon, IconFilter, IconGift, IconTargetArrow } from '@tabler/icons-react';

/** Each node type's colour and icon on the canvas and in the picker. */
export const NODE_APPEARANCE: Record<TFlowNodeType, { color: string; icon: Icon }> = {
  objective: { color: 'laurel', icon: IconTargetArrow },
  condition: { color: 'blue', icon: IconFilter },
  reward: { color: 'teal', icon: IconGift },
};
