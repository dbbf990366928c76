import {
  consolePaths,
  isId,
  SEGMENT_MESSAGES,
  segmentDocumentTitle,
  type TSaveSegmentRequest,
  type TSegment,
} from '@laurel/contract';
import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/http-client';
import { useSession } from '@/api/use-session';
import { useCreateSegment, useSegment, useUpdateSegment } from '@/features/segments/api';
import { BackToSegments } from '@/features/segments/components/back-to-segments';
import { SegmentForm } from '@/features/segments/components/segment-form';
import { SegmentProblem } from '@/features/segments/components/segment-problem';
import { SegmentHelp, SegmentSummary } from '@/features/segments/components/segment-summary';
import { SegmentSystemBadge } from '@/features/segments/components/segment-system-badge';
import {
  newSegmentValues,
  serverErrorsOf,
  type TSegmentFormErrors,
  type TSegmentFormValues,
  valuesOfSegment,
} from '@/features/segments/segment-form-values';
import { SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { mayCreateSegments, mayUpdateSegments } from '@/features/segments/segment-rules';
import { ReadOnlyNote } from '@/ui/editor-page';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';

/** A 400's field errors go onto the fields; the message modal shows the server's message either way. */
const fieldErrorsOf = (error: Error, values: TSegmentFormValues) =>
  error instanceof ApiError && error.status === 400 ? serverErrorsOf(values, error.content) : {};

const SegmentEditor = ({ segment }: { segment: TSegment | null }) => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const create = useCreateSegment();
  const update = useUpdateSegment();
  const [serverErrors, setServerErrors] = useState<TSegmentFormErrors>({});
  const initialValues = useMemo(() => (segment ? valuesOfSegment(segment) : newSegmentValues()), [segment]);
  const formKey = segment ? `${segment._id}:${JSON.stringify(initialValues)}` : 'new';

  const isNew = segment === null;
  const title = isNew ? SEGMENT_MESSAGES.createTitle : SEGMENT_MESSAGES.editTitle;
  const isSystem = segment?.system === true;
  const mayChange = isNew ? mayCreateSegments(user) : mayUpdateSegments(user);
  const readOnly = isSystem || !mayChange;

  const submit = (body: TSaveSegmentRequest, values: TSegmentFormValues) => {
    setServerErrors({});
    const onError = (error: Error) => setServerErrors(fieldErrorsOf(error, values));
    if (isNew) {
      create.mutate(body, {
        onSuccess: (result) => {
          // After create the user returns to the list (spec 2 §2); Back should not reopen an empty form.
          void navigate(consolePaths.segments, { replace: true });
          notifications.show({
            color: 'teal',
            message: result.message || SEGMENT_TEXTS.created,
            autoClose: 3000,
          });
        },
        onError,
      });
      return;
    }
    // The name cannot change after creation: the saved one is sent as it was.
    update.mutate(
      { id: segment._id, body: { ...body, name: segment.name } },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            message: result.message || SEGMENT_TEXTS.updated,
            autoClose: 3000,
          });
        },
        onError,
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageTitle title={isNew ? SEGMENT_MESSAGES.createTitle : segmentDocumentTitle(segment.name)} />
      <Stack gap="sm">
        <BackToSegments />
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {isSystem && <SegmentSystemBadge />}
          </Group>
          {segment && (
            <Text c="dimmed" fw={600}>
              {segment.name}
            </Text>
          )}
        </Stack>
      </Stack>
      {readOnly && (
        <ReadOnlyNote maw={1280}>
          {isSystem ? SEGMENT_TEXTS.systemNote : SEGMENT_TEXTS.readOnlyNote}
        </ReadOnlyNote>
      )}
      <Grid gap="lg" align="flex-start" maw={1280}>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <SegmentForm
            // A saved change starts the form afresh from the saved segment, which clears the edited flag. Keyed by
            // content, not by updated_at: polling while players are recomputed must not drop the user's edits.
            key={formKey}
            label={title}
            initialValues={initialValues}
            isNew={isNew}
            readOnly={readOnly}
            errors={serverErrors}
            submitting={create.isPending || update.isPending}
            onSubmit={submit}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {segment ? <SegmentSummary segment={segment} /> : <SegmentHelp />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

const ExistingSegment = ({ id }: { id: string }) => {
  const segment = useSegment(id);
  if (segment.data) return <SegmentEditor segment={segment.data} />;
  if (segment.isError)
    return <SegmentProblem title={SEGMENT_MESSAGES.fetchFailedTitle} message={segment.error.message} />;
  if (segment.data === null)
    return <SegmentProblem title={SEGMENT_MESSAGES.notFoundTitle} message={SEGMENT_MESSAGES.notFound} />;
  return <PageLoader label="Loading the segment" />;
};

/** `/console/segment/{segment_id?}`: 'Create Segment' without an id, 'Edit Segment' with one. */
export const SegmentPage = () => {
  const { segment_id: id } = useParams();
  if (!id) return <SegmentEditor segment={null} />;
  // An id that cannot be a segment's is not asked for: no segment has it.
  if (!isId(id))
    return <SegmentProblem title={SEGMENT_MESSAGES.notFoundTitle} message={SEGMENT_MESSAGES.notFound} />;
  return <ExistingSegment key={id} id={id} />;
};
