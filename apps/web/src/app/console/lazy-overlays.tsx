import {
  type ComponentProps,
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { TMenuStart } from '@/app/console/shell-overlays';
import { lazyModule } from '@/ui/lazy-module';
import { LazyTooltip } from '@/ui/lazy-tooltip';

type TShellOverlays = typeof import('@/app/console/shell-overlays');

const shellOverlays = lazyModule(() => import('@/app/console/shell-overlays'));

/**
 * Loads the shell's menus (shell-overlays.tsx) once; every trigger shows them from then on. A failed load (offline)
 * is tried again on the next hover or click.
 */
const loadShellOverlays = shellOverlays.load;
const useShellOverlays = shellOverlays.use;

type TTriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: ReactMouseEvent<HTMLElement>) => void;
};

/** The shell's tooltips: ui/lazy-tooltip.tsx, with an arrow. */
export const ShellTooltip = (props: Omit<ComponentProps<typeof LazyTooltip>, 'withArrow'>) => (
  <LazyTooltip withArrow {...props} />
);

type TLazyMenuProps = {
  /** The button that opens the menu, shown from the first paint. */
  target: ReactElement<TTriggerProps>;
  /** The Mantine menu around `target`, once its code is here. */
  renderMenu: (loaded: TShellOverlays, target: ReactElement, start: TMenuStart) => ReactNode;
  /** Resting the pointer this long on the trigger opens the menu too (Mantine's `click-hover` trigger). */
  hoverOpenDelay?: number;
};

/**
 * A menu whose trigger is in the first paint and whose Menu code loads when the pointer reaches the trigger or it
 * is focused. The trigger becomes Mantine's when the menu opens (a click, or a rest of the pointer with
 * `hoverOpenDelay`), not before: a trigger replaced under the pointer would miss the click on its way.
 */
export const LazyMenu = ({ target, renderMenu, hoverOpenDelay }: TLazyMenuProps) => {
  const loaded = useShellOverlays();
  const [wanted, setWanted] = useState<TMenuStart | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  if (loaded && wanted) return renderMenu(loaded, target, wanted);
  const own = target.props;
  return cloneElement(target, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      void loadShellOverlays();
      if (hoverOpenDelay === undefined) return;
      clearTimeout(hoverTimer.current);
      hoverTimer.current = setTimeout(() => setWanted((current) => current ?? 'hovered'), hoverOpenDelay);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      clearTimeout(hoverTimer.current);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      void loadShellOverlays();
    },
    onClick: (event: ReactMouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      clearTimeout(hoverTimer.current);
      setWanted('clicked');
      void loadShellOverlays();
    },
  } as TTriggerProps);
};
