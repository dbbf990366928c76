import {
  BUTTON_LABELS,
  COMMON_MESSAGES,
  consolePaths,
  REWARD_TRACK_MESSAGES,
  type TRewardTrack,
} from '@laurel/contract';
import { Affix, Button, Center, Group, Loader, Paper, Stack, Text, Transition } from '@mantine/core';
import { IconArrowUp, IconStairsUp } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '@/api/use-session';
import { rewardTracksInfiniteQuery, useDeleteRewardTrack } from '@/features/reward-tracks/api';
import { TrackCard } from '@/features/reward-tracks/components/track-card';
import { mayCreateRewardTracks, mayDeleteRewardTracks } from '@/features/reward-tracks/reward-track-rules';
import { openConfirmModal } from '@/ui/confirm-modal';
import { DebouncedSearch } from '@/ui/data-table';
import { openMessageModal } from '@/ui/message-modal';
import { NavButton } from '@/ui/nav-button';
import { PageHeading } from '@/ui/page-title';

/** Delete after a confirmation; success says 'Successfully deleted reward track.' (spec 3 §2, §8). */
const useConfirmDeleteTrack = () => {
  const remove = useDeleteRewardTrack();
  const confirmDelete = (track: TRewardTrack) =>
    openConfirmModal({
      title: `Delete the reward track '${track.name}'?`,
      text: 'Players keep the levels, tiers and values they have reached, and the track’s transactions stay in the reports; the track stops moving anyone.',
      onConfirm: () =>
        remove.mutate(track._id, {
          onSuccess: () =>
            openMessageModal({
              title: COMMON_MESSAGES.successExclaimed,
              message: REWARD_TRACK_MESSAGES.deleted,
            }),
        }),
    });
  return { confirmDelete, busyId: remove.isPending ? remove.variables : undefined };
};

/** Calls `onVisible` whenever the element scrolls into view (the next page of an infinite list). */
const useWhenVisible = (onVisible: () => void, enabled: boolean) => {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
};

const EmptyList = ({ searching }: { searching: boolean }) => (
  <Paper withBorder radius="md" p="xl">
    <Stack align="center" gap="xs">
      <IconStairsUp size={36} stroke={1.4} aria-hidden />
      <Text fw={600}>{searching ? 'No reward track matches your search.' : 'No reward tracks yet.'}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={460}>
        {searching
          ? 'Try another name.'
          : 'A reward track moves players through milestones as a statistic grows: create one, or set up your level and tier progressions from the sidebar.'}
      </Text>
    </Stack>
  </Paper>
);

/**
 * `/console/reward-tracks` (spec 3 §2): search, a card per track, more loaded as the list scrolls to its end, and
 * a Back to top control once a second page is in.
 */
export const RewardTracksPage = () => {
  const user = useSession()?.user;
  const [search, setSearch] = useState('');
  const list = useInfiniteQuery(rewardTracksInfiniteQuery(search));
  const { confirmDelete, busyId } = useConfirmDeleteTrack();
  const pages = list.data?.pages ?? [];
  const tracks = pages.flatMap((page) => page.tracks);
  const count = pages[0]?.count ?? 0;
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const sentinel = useWhenVisible(loadMore, list.hasNextPage);
  const mayDelete = mayDeleteRewardTracks(user);

  return (
    <Stack gap="lg">
      <PageHeading
        title={REWARD_TRACK_MESSAGES.listTitle}
        subtitle="Tracks that move players through milestones: your level and tier progressions and any statistic-to-statistic track."
      />
      <Group justify="space-between" gap="sm">
        <DebouncedSearch
          value={search}
          onChange={setSearch}
          label="Search reward tracks"
          placeholder="Search by name…"
        />
        <Group gap="sm">
          {list.data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {count.toLocaleString('en-US')} {count === 1 ? 'track' : 'tracks'}
            </Text>
          )}
          {mayCreateRewardTracks(user) && (
            <NavButton to={consolePaths.rewardTrackDetails()}>
              {REWARD_TRACK_MESSAGES.addRewardTrack}
            </NavButton>
          )}
        </Group>
      </Group>
      {list.isPending ? (
        <Center py="xl" role="status" aria-label="Loading reward tracks">
          <Loader aria-hidden />
        </Center>
      ) : tracks.length === 0 ? (
        <EmptyList searching={search !== ''} />
      ) : (
        <Stack gap="md">
          {tracks.map((track) => (
            <TrackCard
              key={track._id}
              track={track}
              mayDelete={mayDelete}
              deleting={busyId === track._id}
              onDelete={() => confirmDelete(track)}
            />
          ))}
        </Stack>
      )}
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      {list.hasNextPage && (
        <Center>
          <Button variant="default" loading={list.isFetchingNextPage} onClick={loadMore}>
            Load more reward tracks
          </Button>
        </Center>
      )}
      <Affix position={{ bottom: 24, right: 24 }}>
        <Transition transition="slide-up" mounted={pages.length > 1}>
          {(styles) => (
            <Button
              style={styles}
              leftSection={<IconArrowUp size={16} aria-hidden />}
              onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            >
              {BUTTON_LABELS.backToTop}
            </Button>
          )}
        </Transition>
      </Affix>
    </Stack>
  );
};
