import {
  LAYOUT,
  mayUse,
  progressPercent,
  REWARD_TRACK_MESSAGES,
  type TMilestone,
  type TRewardTrack,
  type TTrackProgress,
  tierByNumber,
} from '@laurel/contract';
import {
  Box,
  Center,
  ColorSwatch,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { planOpensArea } from '@/app/console/plan-access';
import { playerProgressQuery, progressionConfigsQuery, rewardTrackQuery } from '@/features/reward-tracks/api';
import { SectionCard } from '@/ui/section-card';

type TBarKind = 'tier' | 'level';

const TITLES: Record<TBarKind, string> = { tier: 'Tier Progression', level: 'Level Progression' };
const NONE_YET: Record<TBarKind, string> = {
  tier: 'No tier progression has been set up yet.',
  level: 'No level progression has been set up yet.',
};
const SOURCE_UNIT: Record<TBarKind, string> = { tier: 'Level', level: 'XP' };

const sorted = (milestones: readonly TMilestone[]) => [...milestones].sort((a, b) => a.index - b.index);

/**
 * The profile's percentage (spec 1 §2.11, spec 3 §9): the tier over the track's highest tier, or the level (XP
 * mapped to a level) over the highest level, times 100.
 */
export const trackPercent = (track: TRewardTrack, value: number) =>
  progressPercent(value, Math.max(0, ...track.milestones.map((milestone) => milestone.target_value)));

/** What the player holds: the tier's name ('Gold') or 'Level 3'; 'None yet' before the first milestone. */
const heldText = (kind: TBarKind, progress: TTrackProgress | null) => {
  if (!progress || progress.value <= 0) return 'None yet';
  return kind === 'tier'
    ? (tierByNumber(progress.value) ?? `Tier ${progress.value}`)
    : `Level ${progress.value}`;
};

const nextText = (kind: TBarKind, progress: TTrackProgress | null) => {
  if (!progress?.next) return progress && progress.value > 0 ? 'The top of the track is reached.' : null;
  const missing = Math.max(0, progress.next.source_value - progress.source_value);
  const unit = kind === 'tier' ? (missing === 1 ? 'level' : 'levels') : 'XP';
  return `${missing.toLocaleString('en-US')} ${unit} to ${progress.next.name}`;
};

/**
 * A step's name breaks between words only: never 'Platinu m' or 'Plat-inum'. A step is at least as wide as its longest
 * word (the flex item's automatic minimum, capped by its 120 px maximum), so only a single word wider than a whole
 * step column is ever broken, as a last resort.
 */
const STEP_NAME_STYLE = {
  wordBreak: 'normal',
  overflowWrap: 'break-word',
  hyphens: 'manual',
} as const satisfies CSSProperties;

/** One step: the milestone's image (or colour), its name and the source value that reaches it; 120 px at most. */
const Step = ({ milestone, reached, kind }: { milestone: TMilestone; reached: boolean; kind: TBarKind }) => (
  <Stack
    gap={4}
    align="center"
    role="listitem"
    aria-label={`${milestone.name}${reached ? ', reached' : ''}`}
    // No minWidth 0: a step never shrinks below its longest word. Where the steps' names do not fit one row (a
    // phone at 390 px), the row wraps between steps instead (see StepBar), so the last step still shows whole.
    style={{ flex: 1, maxWidth: LAYOUT.stepColumnMaxWidth }}
  >
    {/* Only the picture fades for a step not reached: faded words would not read (WCAG contrast). */}
    <Box pos="relative" style={{ opacity: reached ? 1 : 0.55 }}>
      {milestone.image_url ? (
        <Image src={milestone.image_url} alt="" w={40} h={40} fit="contain" />
      ) : (
        <ColorSwatch color={milestone.colour || 'var(--mantine-color-gray-4)'} size={40} />
      )}
      {reached && (
        <ThemeIcon size={16} radius="xl" color="teal" pos="absolute" bottom={-4} right={-4} aria-hidden>
          <IconCheck size={12} />
        </ThemeIcon>
      )}
    </Box>
    {/* A step is about 50 px wide on a phone: the name is smaller there, and wraps between its words only. */}
    <Text fz={{ base: 10, sm: 'xs' }} fw={600} ta="center" lineClamp={2} maw="100%" style={STEP_NAME_STYLE}>
      {milestone.name}
    </Text>
    <Text size="xs" c="dimmed" ta="center">
      {SOURCE_UNIT[kind]} {milestone.source_value.toLocaleString('en-US')}
    </Text>
  </Stack>
);

type TStepBarProps = { kind: TBarKind; track: TRewardTrack; progress: TTrackProgress | null };

/** A step bar: the player's place on the track, its percentage and the steps with those reached marked. */
export const StepBar = ({ kind, track, progress }: TStepBarProps) => {
  const milestones = sorted(track.milestones);
  const value = progress?.value ?? 0;
  const percent = Math.round(trackPercent(track, value));
  const next = nextText(kind, progress);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline" gap="xs">
        <Text fw={700} fz="lg">
          {heldText(kind, progress)}
        </Text>
        <Text fw={600} c="dimmed">
          {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        aria-label={`${TITLES[kind]}: ${percent}%`}
        color={milestones.find((milestone) => milestone.target_value === value)?.colour || undefined}
      />
      {/* Wraps between steps, never inside a name: on a desktop the steps fit one row as before; on a phone whose
          width the names do not fit, the last steps move to a second row. */}
      <Group
        gap={4}
        wrap="wrap"
        justify="space-between"
        role="list"
        aria-label={`${track.name} milestones`}
        style={{ rowGap: 'var(--mantine-spacing-sm)' }}
      >
        {milestones.map((milestone) => (
          <Step
            key={milestone.index}
            milestone={milestone}
            kind={kind}
            reached={value >= milestone.target_value}
          />
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        {track.name}
        {next ? ` · ${next}` : ''}
      </Text>
    </Stack>
  );
};

const TrackBar = ({
  kind,
  trackId,
  progress,
}: {
  kind: TBarKind;
  trackId: string | null;
  progress: TTrackProgress | null | undefined;
}) => {
  const track = useQuery({
    ...rewardTrackQuery(trackId ?? ''),
    enabled: trackId !== null,
    meta: { errorTitle: REWARD_TRACK_MESSAGES.customerTrackFailed },
  });
  return (
    <SectionCard title={TITLES[kind]}>
      {trackId === null ? (
        <Text size="sm" c="dimmed" py="xs">
          {NONE_YET[kind]}
        </Text>
      ) : track.data && progress !== undefined ? (
        <StepBar kind={kind} track={track.data} progress={progress} />
      ) : track.isError ? (
        <Center py="xs">
          <Text size="sm" c="dimmed">
            The track could not be loaded.
          </Text>
        </Center>
      ) : (
        <Skeleton height={120} radius="md" />
      )}
    </SectionCard>
  );
};

/**
 * The customer profile's tier and level step bars (spec 1 §2.11): the client's real progressions and the player's
 * level and tier as the engine keeps them.
 */
export const CustomerProgression = ({ customerId }: { customerId: string }) => {
  const user = useSession()?.user;
  const client = useClientRecord();
  const plan = client.data?.clientSubscription;
  const inPlan = planOpensArea(plan, 'REWARD_TRACKS');
  const mayRead = mayUse(user, 'REWARD_TRACKS', 'read');
  const configs = useQuery({ ...progressionConfigsQuery(), enabled: inPlan && mayRead });
  const player = useQuery({ ...playerProgressQuery(customerId), enabled: inPlan && mayRead });
  // undefined while the player loads; null when they cannot be read (the bar then shows no progress).
  const progress = (kind: TBarKind) =>
    player.isSuccess ? player.data[kind] : player.isError ? null : undefined;
  if (client.isPending || (inPlan && mayRead && configs.isPending))
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton height={200} radius="md" />
        <Skeleton height={200} radius="md" />
      </SimpleGrid>
    );
  // Without the Reward Tracks View flag the bars are not the user's to see: saying 'not set up' would be untrue.
  if (inPlan && !mayRead) return null;
  // Outside the plan there is no track to show, as for a client without one.
  if (!inPlan)
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TrackBar kind="tier" trackId={null} progress={null} />
        <TrackBar kind="level" trackId={null} progress={null} />
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TrackBar
        kind="tier"
        trackId={configs.data?.tierProgression?._id ?? null}
        progress={progress('tier')}
      />
      <TrackBar
        kind="level"
        trackId={configs.data?.levelProgression?._id ?? null}
        progress={progress('level')}
      />
    </SimpleGrid>
  );
};
