import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { TMenuStart } from '@/app/console/shell-overlays';

type TShellOverlays = typeof import('@/app/console/shell-overlays');

let overlays: TShellOverlays | undefined;
let loading: Promise<unknown> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the shell's menus and tooltips (shell-overlays.tsx) once; every trigger shows them from then on. A failed
 * load (offline) is tried again on the next hover or click.
 */
export const loadShellOverlays = () => {
  loading ??= import('@/app/console/shell-overlays').then(
    (module) => {
      overlays = module;
      for (const listener of listeners) listener();
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const useShellOverlays = () => useSyncExternalStore(subscribe, () => overlays);

type TTriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: ReactMouseEvent<HTMLElement>) => void;
};

type TShellTooltipProps = {
  label: string;
  position: 'right' | 'bottom';
  openDelay?: number;
  /** An element that takes a ref (a Mantine button or link). */
  children: ReactElement<TTriggerProps>;
};

/**
 * Mantine's Tooltip (shown on hover), its code loaded when the pointer first reaches the element. The element is
 * rendered as it is, never wrapped, so that the tooltip's arrival does not replace it under the pointer.
 */
export const ShellTooltip = ({ label, position, openDelay, children }: TShellTooltipProps) => {
  const loaded = useShellOverlays();
  const target = useRef<HTMLElement>(null);
  const pointerInside = useRef(false);
  const own = children.props;
  const trigger = cloneElement(children, {
    ref: target,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      pointerInside.current = true;
      void loadShellOverlays();
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
        <loaded.TargetTooltip
          target={target}
          label={label}
          position={position}
          openDelay={openDelay}
          // The pointer that asked for this code is still there: show the tooltip it came for.
          defaultOpened={pointerInside.current}
        />
      )}
    </>
  );
};

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
