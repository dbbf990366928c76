import { Box, Divider, NavLink, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { matchPath, NavLink as RouterNavLink, useLocation } from 'react-router';
import { LazyMenu, ShellTooltip } from '@/app/console/lazy-overlays';
import type { TNavEntry, TNavGroupEntry, TNavLinkEntry } from '@/app/console/nav-items';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

const ICON_SIZE = 20;
const navLinkStyles = { root: { borderRadius: 'var(--mantine-radius-md)' } } as const;
const compactStyles = {
  root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: 'center' },
  section: { marginInlineEnd: 0 },
} as const;

type TLinkProps = { entry: TNavLinkEntry; compact: boolean; nested?: boolean };

const NavEntryLink = ({ entry, compact, nested = false }: TLinkProps) => {
  const { pathname } = useLocation();
  const active = [entry.to, ...(entry.activeOn ?? [])].some(
    (path) => matchPath({ path, end: path === entry.to && entry.end === true }, pathname) !== null,
  );
  const Icon = entry.icon;
  const shared = {
    label: compact ? undefined : entry.label,
    leftSection: Icon ? <Icon size={ICON_SIZE} stroke={1.7} aria-hidden /> : undefined,
    variant: 'light',
    styles: compact ? compactStyles : navLinkStyles,
    py: nested ? 6 : undefined,
  } as const;
  // A locked entry is outside the plan: it stays visible and offers the upgrade instead of the page.
  const link = entry.locked ? (
    <NavLink
      {...shared}
      component="button"
      type="button"
      aria-label={compact ? `${entry.label} (upgrade required)` : undefined}
      aria-haspopup="dialog"
      description={compact || nested ? undefined : 'Upgrade to unlock'}
      rightSection={compact ? undefined : <IconLock size={16} stroke={1.7} aria-label="Upgrade required" />}
      onClick={() => openUpgradePrompt()}
    />
  ) : (
    <NavLink
      {...shared}
      component={RouterNavLink}
      to={entry.to}
      end={entry.end}
      active={active}
      aria-label={compact ? entry.label : undefined}
    />
  );
  return compact ? (
    <ShellTooltip label={entry.label} position="right" openDelay={150}>
      {link}
    </ShellTooltip>
  ) : (
    link
  );
};

type TGroupProps = { entry: TNavGroupEntry; compact: boolean };

/** A nested group: an expanding list when wide; an icon that opens a menu of its pages when compact. */
const NavEntryGroup = ({ entry, compact }: TGroupProps) => {
  const { pathname } = useLocation();
  const childActive = entry.children.some(
    (child) => pathname === child.to || pathname.startsWith(`${child.to}/`),
  );
  const [opened, setOpened] = useState(childActive);
  const box = useRef<HTMLDivElement>(null);
  // A group opened near the foot of a short sidebar shows its pages: scrolled into view once it has unfolded.
  useEffect(() => {
    if (!opened || !box.current) return;
    const element = box.current;
    const timer = window.setTimeout(
      () => element.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }),
      220,
    );
    return () => window.clearTimeout(timer);
  }, [opened]);
  const Icon = entry.icon;
  const icon = <Icon size={ICON_SIZE} stroke={1.7} aria-hidden />;

  if (compact) {
    return (
      <LazyMenu
        hoverOpenDelay={100}
        target={
          <NavLink
            component="button"
            type="button"
            aria-label={entry.label}
            leftSection={icon}
            active={childActive}
            variant="light"
            styles={compactStyles}
          />
        }
        renderMenu={(loaded, target, start) => (
          <loaded.NavGroupMenu entry={entry} target={target} start={start} />
        )}
      />
    );
  }

  // A button that says whether it is open: Mantine's default <a> without href took no focus, so keyboard users
  // could neither reach the group nor its pages.
  return (
    <div ref={box}>
      <NavLink
        component="button"
        type="button"
        aria-expanded={opened}
        opened={opened}
        onChange={setOpened}
        label={entry.label}
        leftSection={icon}
        rightSection={
          entry.locked ? <IconLock size={16} stroke={1.7} aria-label="Upgrade required" /> : undefined
        }
        childrenOffset={30}
        variant="subtle"
        styles={navLinkStyles}
      >
        <Stack gap={2} mt={2}>
          {entry.children.map((child) => (
            <NavEntryLink key={child.to} entry={child} compact={false} nested />
          ))}
        </Stack>
      </NavLink>
    </div>
  );
};

const NavEntryItem = ({ entry, compact }: { entry: TNavEntry; compact: boolean }) =>
  entry.kind === 'group' ? (
    <NavEntryGroup entry={entry} compact={compact} />
  ) : (
    <NavEntryLink entry={entry} compact={compact} />
  );

/**
 * Whether the list goes on above or below what shows: the edge it goes on past fades out, so a short window's
 * hidden entries are hinted at even where the browser draws no scrollbar until one scrolls.
 */
const useScrollCue = (ref: RefObject<HTMLDivElement | null>) => {
  const [cue, setCue] = useState({ above: false, below: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const above = element.scrollTop > 1;
      const below = element.scrollTop + element.clientHeight < element.scrollHeight - 1;
      setCue((current) => (current.above === above && current.below === below ? current : { above, below }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  if (!cue.above && !cue.below) return undefined;
  const top = cue.above ? 'transparent 0, black 28px' : 'black 0, black 28px';
  const bottom = cue.below
    ? 'black calc(100% - 28px), transparent 100%'
    : 'black calc(100% - 28px), black 100%';
  return { maskImage: `linear-gradient(to bottom, ${top}, ${bottom})` };
};

type TConsoleNavProps = { entries: TNavEntry[]; compact: boolean };

/**
 * The console sidebar: entries by permission, nested groups, Users and Settings at its foot. Compact (icons with
 * tooltips) under 1000 px or when the user collapses it (spec 1 §2.3, §9).
 */
export const ConsoleNav = ({ entries, compact }: TConsoleNavProps) => {
  const main = entries.filter((entry) => entry.section === 'main');
  const footer = entries.filter((entry) => entry.section === 'footer');
  const key = (entry: TNavEntry) => (entry.kind === 'group' ? `group:${entry.label}` : entry.to);
  const { pathname } = useLocation();
  const scroller = useRef<HTMLDivElement>(null);
  const cue = useScrollCue(scroller);
  // The entry of the page shown is always in view, however far down the sidebar it sits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, by design
  useEffect(() => {
    scroller.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [pathname]);
  return (
    <Box
      component="nav"
      aria-label="Main"
      h="100%"
      data-compact={compact || undefined}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      {/* Native scrolling (thin scrollbar): Mantine's ScrollArea would add its code to every page's first load. */}
      <Box
        ref={scroller}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', scrollbarWidth: 'thin', ...cue }}
      >
        <Stack gap={4}>
          {main.map((entry) => (
            <NavEntryItem key={key(entry)} entry={entry} compact={compact} />
          ))}
        </Stack>
      </Box>
      {footer.length > 0 && (
        <Stack gap={4} pt="sm">
          <Divider mb={4} />
          {footer.map((entry) => (
            <NavEntryItem key={key(entry)} entry={entry} compact={compact} />
          ))}
        </Stack>
      )}
    </Box>
  );
};
