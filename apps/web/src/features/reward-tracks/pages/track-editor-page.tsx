import {
  COMMON_MESSAGES,
  consolePaths,
  REWARD_TRACK_API_MESSAGES,
  REWARD_TRACK_MESSAGES,
  type TRewardTrack,
  type TRewardTrackType,
} from '@laurel/contract';
import { Badge, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '@/api/use-session';
import {
  rewardTrackQuery,
  trackOfTypeQuery,
  useSaveRewardTrack,
  useUploadMilestoneImages,
} from '@/features/reward-tracks/api';
import { TrackForm } from '@/features/reward-tracks/components/track-form';
import { mayCreateRewardTracks, mayUpdateRewardTracks } from '@/features/reward-tracks/reward-track-rules';
import {
  milestonesToUpload,
  newTrackValues,
  type TTrackFormValues,
  toTrackBody,
  valuesOfTrack,
} from '@/features/reward-tracks/track-form-values';
import { TRACK_KINDS, type TTrackKind, trackPath } from '@/features/reward-tracks/track-kinds';
import { ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { BackNavButton } from '@/ui/nav-button';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';

const TrackEditor = ({ kind, track }: { kind: TTrackKind; track: TRewardTrack | null }) => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const upload = useUploadMilestoneImages();
  const save = useSaveRewardTrack();
  // A file already uploaded is not sent again when the save after it has to be retried.
  const uploaded = useRef(new WeakMap<File, string>());

  const isNew = track === null;
  const title = isNew ? kind.createTitle : kind.title(track.name || track._id);
  const readOnly = isNew ? !mayCreateRewardTracks(user) : !mayUpdateRewardTracks(user);

  const submit = async (values: TTrackFormValues) => {
    const locations = new Map<number, string>();
    const pending = milestonesToUpload(values).filter(({ index, file }) => {
      const known = uploaded.current.get(file);
      if (known) locations.set(index, known);
      return !known;
    });
    if (pending.length > 0) {
      try {
        // Images first (spec 3 §4); a failed upload is shown by the mutation and the save stops here.
        const fresh = await upload.mutateAsync(pending);
        for (const { index, file } of pending) {
          const location = fresh.get(index);
          if (location) {
            locations.set(index, location);
            uploaded.current.set(file, location);
          }
        }
      } catch {
        return;
      }
    }
    save.mutate(
      { id: track?._id ?? null, body: toTrackBody(kind, values, locations) },
      {
        onSuccess: ({ track: saved, message }) => {
          // The first save opens the new track's own page (spec 3 §2, DESIGN §9); Back should not reopen an empty form.
          if (isNew)
            void navigate(trackPath(saved.reward_track_type, saved.itemId || saved._id), { replace: true });
          openMessageModal({
            title: COMMON_MESSAGES.successExclaimed,
            message: message || REWARD_TRACK_API_MESSAGES.saved,
          });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Stack gap="sm">
        <BackNavButton to={consolePaths.rewardTracks}>
          {REWARD_TRACK_MESSAGES.backToRewardTracks}
        </BackNavButton>
        <Group gap="sm" align="center">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {track?.rebuilding && (
            <Badge variant="light" color="yellow" tt="none">
              Updating players…
            </Badge>
          )}
        </Group>
      </Stack>
      {readOnly && (
        <ReadOnlyNote>You do not have permission to change reward tracks; ask an administrator.</ReadOnlyNote>
      )}
      <TrackForm
        // A saved track starts the form afresh, which clears the edited flag (spec 3 §4).
        key={track ? `${track._id}:${track.updated_at}` : 'new'}
        kind={kind}
        label={title}
        initialValues={track ? valuesOfTrack(kind, track) : newTrackValues(kind)}
        readOnly={readOnly}
        submitting={upload.isPending || save.isPending}
        onSubmit={(values) => void submit(values)}
      />
    </Stack>
  );
};

const ExistingTrack = ({ kind, id }: { kind: TTrackKind; id: string }) => {
  const track = useQuery(rewardTrackQuery(id));
  useBackToListWhenFailed(track.isError, consolePaths.rewardTracks);
  if (!track.data) return <PageLoader label="Loading the reward track" />;
  // A track opened on another type's page moves to its own.
  if (track.data.reward_track_type !== kind.type)
    return <Navigate to={trackPath(track.data.reward_track_type, id)} replace />;
  return <TrackEditor kind={kind} track={track.data} />;
};

/** The sidebar's link has no id: it opens the client's one track of that type, or creates it. */
const OnlyTrackOfType = ({ kind }: { kind: TTrackKind }) => {
  const existing = useQuery(trackOfTypeQuery(kind.type));
  useBackToListWhenFailed(existing.isError, consolePaths.rewardTracks);
  if (existing.isPending || existing.isError) return <PageLoader label="Loading the reward track" />;
  if (existing.data) return <Navigate to={kind.detailsPath(existing.data._id)} replace />;
  return <TrackEditor kind={kind} track={null} />;
};

const TrackPage = ({ type }: { type: TRewardTrackType }) => {
  const { reward_track_id: id } = useParams();
  const kind = TRACK_KINDS[type];
  if (id) return <ExistingTrack key={id} kind={kind} id={id} />;
  if (type === 'GENERIC') return <TrackEditor kind={kind} track={null} />;
  return <OnlyTrackOfType kind={kind} />;
};

/** `/console/tier-progression-details/{reward_track_id?}`: 'Create a tier progression' or 'Tier Progression - {name}'. */
export const TierProgressionPage = () => <TrackPage type="TIER_PROGRESSION" />;

/** `/console/level-progression-details/{reward_track_id?}`: 'Create a level progression' or 'Level Progression - {name}'. */
export const LevelProgressionPage = () => <TrackPage type="LEVEL_PROGRESSION" />;

/** `/console/reward-track-details/{reward_track_id?}`: 'Create a reward track' or 'Reward Track - {name}'. */
export const RewardTrackPage = () => <TrackPage type="GENERIC" />;
