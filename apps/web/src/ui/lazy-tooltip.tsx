import { cloneElement, type PointerEvent, type ReactElement, useRef } from 'react';
import { lazyModule } from '@/ui/lazy-module';
import type { TTooltipOptions } from '@/ui/tooltip-on-target';

const tooltipCode = lazyModule(() => import('@/ui/tooltip-on-target'));

type TTriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
};

type TLazyTooltipProps = TTooltipOptions & {
  /** An element that takes a ref (a Mantine button, link or badge). */
  children: ReactElement<TTriggerProps>;
};

/**
 * Mantine's Tooltip (shown on hover), its code loaded when the pointer first reaches the element: the Tooltip and
 * floating positioning stay out of every page's first load. The element is rendered as it is, never wrapped, so that
 * the tooltip's arrival does not replace it under the pointer.
 */
export const LazyTooltip = ({ children, ...options }: TLazyTooltipProps) => {
  const loaded = tooltipCode.use();
  const target = useRef<HTMLElement>(null);
  const pointerInside = useRef(false);
  const own = children.props;
  const trigger = cloneElement(children, {
    ref: target,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      pointerInside.current = true;
      void tooltipCode.load();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      pointerInside.current = false;
    },
  } as TTriggerProps);
  return (
    <>
      {trigger}
      {loaded && (
        <loaded.TooltipOnTarget
          target={target}
          {...options}
          // The pointer that asked for this code is still there: show the tooltip it came for.
          defaultOpened={pointerInside.current}
        />
      )}
    </>
  );
};
