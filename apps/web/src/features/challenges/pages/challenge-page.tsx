import {
  BUTTON_LABELS,
  CHALLENGE_MESSAGES,
  COMMON_MESSAGES,
  consolePaths,
  type TChallenge,
  type TUploadResult,
} from '@laurel/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { challengeQuery, useSaveChallenge, useUploadChallengeImage } from '@/features/challenges/api';
import { detailsOf, graphOf, newDetails, toChallengeBody } from '@/features/challenges/challenge-form-values';
import {
  mayCreateChallenges,
  mayDeleteChallenges,
  mayUpdateChallenges,
} from '@/features/challenges/challenge-rules';
import { CHALLENGE_TEXTS } from '@/features/challenges/challenge-texts';
import { ChallengeForm, type TChallengeSubmission } from '@/features/challenges/components/challenge-form';
import { useConfirmDeleteChallenge } from '@/features/challenges/components/use-delete-challenge';
import { EMPTY_GRAPH } from '@/features/challenges/flow/graph';
import { dayInZone } from '@/ui/display-date';
import { DeleteButton, ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { BackNavButton } from '@/ui/nav-button';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';

// Opened by 'Grant to segment' (or a link): its Modal and segment list load then.
const SelectSegmentModal = lazyComponent(
  () => import('@/features/challenges/components/select-segment-modal'),
  'SelectSegmentModal',
);

const DIALOG_PARAM = 'dialog';
const SEGMENT_DIALOG = 'segment';

/** 'Your challenge has been added successfully.' with Cancel or Proceed; Proceed opens Select Segment. */
const confirmCreated = (onProceed: () => void) =>
  modals.openConfirmModal({
    title: COMMON_MESSAGES.successExclaimed,
    children: <Text>{CHALLENGE_MESSAGES.created}</Text>,
    labels: { confirm: BUTTON_LABELS.proceed, cancel: BUTTON_LABELS.cancel },
    onConfirm: onProceed,
  });

const ChallengeEditor = ({ challenge }: { challenge: TChallenge | null }) => {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useSession()?.user;
  const client = useClientRecord().data;
  const symbol = client?.currency_symbol ?? 'R';
  // Days are the business's (the server stores the start and end of each in its zone), not this browser's.
  const timeZone = client?.time_zone;
  const upload = useUploadChallengeImage();
  const save = useSaveChallenge();
  const remove = useConfirmDeleteChallenge();
  // A file already uploaded is not sent again when the save after it has to be retried.
  const uploads = useRef(new WeakMap<File, TUploadResult>());

  const isNew = challenge === null;
  const title = isNew ? CHALLENGE_MESSAGES.createTitle : challenge.title;
  // Objectives the editor cannot draw (an API-made challenge without a flow) would be lost by a save from here.
  const notDrawn = !isNew && challenge.objectives.length > 0 && challenge.flow.nodes.length === 0;
  const readOnly = isNew ? !mayCreateChallenges(user) : !mayUpdateChallenges(user) || notDrawn;
  const segmentDialog = !isNew && params.get(DIALOG_PARAM) === SEGMENT_DIALOG;

  const submit = async ({ details, file, graph }: TChallengeSubmission) => {
    let image = details.image;
    if (file) {
      let uploaded = uploads.current.get(file);
      if (!uploaded) {
        try {
          // Only a newly chosen image is uploaded (spec 2 §4); a failure is shown by the mutation and the save stops.
          uploaded = await upload.mutateAsync({ file, title: details.title });
        } catch {
          return;
        }
        uploads.current.set(file, uploaded);
      }
      image = { url: uploaded.location, etag: uploaded.etag, file_name: file.name };
    }
    save.mutate(
      { id: challenge?._id ?? null, body: toChallengeBody({ ...details, image }, graph) },
      {
        onSuccess: (saved) => {
          if (!isNew) {
            notifications.show({ color: 'teal', message: `Saved '${saved.title}'.`, autoClose: 3000 });
            return;
          }
          // After creating, the challenge's own route (spec 2 §2); Back should not reopen an empty form.
          void navigate(consolePaths.challenge(saved._id), { replace: true });
          confirmCreated(
            () => void navigate(`${consolePaths.challenge(saved._id)}?${DIALOG_PARAM}=${SEGMENT_DIALOG}`),
          );
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <PageTitle title={title} />
      {readOnly && (
        <ReadOnlyNote>{notDrawn ? CHALLENGE_TEXTS.notDrawnNote : CHALLENGE_TEXTS.readOnlyNote}</ReadOnlyNote>
      )}
      <ChallengeForm
        // A saved challenge starts the form afresh, which clears the edited flag (spec 2 §4).
        key={challenge ? `${challenge._id}:${challenge.updated_at}` : 'new'}
        initialDetails={
          challenge
            ? detailsOf(challenge, timeZone)
            : newDetails(dayInZone(new Date().toISOString(), timeZone) ?? undefined)
        }
        initialGraph={challenge ? graphOf(challenge) : EMPTY_GRAPH}
        saved={!isNew}
        currencySymbol={symbol}
        readOnly={readOnly}
        submitting={upload.isPending || save.isPending}
        onSubmit={(submission) => void submit(submission)}
        heading={
          <Stack gap="xs">
            <BackNavButton to={consolePaths.challenges}>{CHALLENGE_MESSAGES.backToChallenges}</BackNavButton>
            <Group gap="sm" align="center">
              <Title order={1} fz="h2">
                {title}
              </Title>
              {challenge && mayDeleteChallenges(user) && (
                <DeleteButton
                  loading={remove.busyId === challenge._id}
                  onClick={() =>
                    remove.confirmDelete(
                      challenge,
                      () => void navigate(consolePaths.challenges, { replace: true }),
                    )
                  }
                />
              )}
            </Group>
            {challenge && (
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {CHALLENGE_TEXTS.segments}:
                </Text>
                {challenge.segments.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {CHALLENGE_TEXTS.noSegments}
                  </Text>
                )}
                {challenge.segments.map((segment) => (
                  <Badge key={segment._id} variant="light" color="gray" radius="sm" tt="none">
                    {segment.name}
                  </Badge>
                ))}
                {!readOnly && (
                  <Text
                    component="button"
                    type="button"
                    size="sm"
                    c="laurel"
                    td="underline"
                    bg="none"
                    bd="none"
                    style={{ cursor: 'pointer' }}
                    onClick={() => setParams({ [DIALOG_PARAM]: SEGMENT_DIALOG })}
                  >
                    {CHALLENGE_TEXTS.grantToSegment}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        }
      />
      {challenge && (
        <MountWhen when={segmentDialog}>
          <SelectSegmentModal
            challengeId={challenge._id}
            opened={segmentDialog}
            onClose={() =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.delete(DIALOG_PARAM);
                  return next;
                },
                { replace: true },
              )
            }
          />
        </MountWhen>
      )}
    </Stack>
  );
};

const ExistingChallenge = ({ id }: { id: string }) => {
  const challenge = useQuery(challengeQuery(id));
  // The form reads its days once, in the business's zone: it waits for the business's record too.
  const client = useClientRecord();
  useBackToListWhenFailed(challenge.isError, consolePaths.challenges);
  if (!challenge.data || client.isPending) return <PageLoader label="Loading the challenge" />;
  return <ChallengeEditor challenge={challenge.data} />;
};

const NewChallenge = () => {
  const client = useClientRecord();
  if (client.isPending) return <PageLoader label="Loading the challenge" />;
  return <ChallengeEditor challenge={null} />;
};

/** `/console/challenge/{challenge_id?}`: 'Create a challenge' without an id, the challenge's editor with one. */
export const ChallengePage = () => {
  const { challenge_id: id } = useParams();
  if (!id) return <NewChallenge />;
  return <ExistingChallenge key={id} id={id} />;
};
