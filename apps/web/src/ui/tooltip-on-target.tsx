import { Tooltip, type TooltipProps } from '@mantine/core';
import type { RefObject } from 'react';

/*
 * Mantine's Tooltip and its floating positioning (floating-ui), which only a pointer shows: lazy-tooltip.tsx loads this
 * module on the first hover of a trigger, so that no page needs it for its first paint.
 */

export type TTooltipOptions = Pick<
  TooltipProps,
  'label' | 'position' | 'openDelay' | 'multiline' | 'w' | 'withArrow'
>;

/** A tooltip on an element it does not wrap (so the element stays as it is when this code arrives). */
export const TooltipOnTarget = ({
  target,
  ...props
}: TTooltipOptions & { target: RefObject<HTMLElement | null>; defaultOpened: boolean }) => (
  <Tooltip withinPortal target={target} {...props} />
);
