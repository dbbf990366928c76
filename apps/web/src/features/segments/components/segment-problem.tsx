import { Alert, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { BackToSegments } from '@/features/segments/components/back-to-segments';
import { PageTitle } from '@/ui/page-title';

type TSegmentProblemProps = { title: string; message?: string; pageTitle?: string };

/** A segment page that cannot show its segment: an unknown or invalid id, or a failed fetch. */
export const SegmentProblem = ({ title, message, pageTitle = title }: TSegmentProblemProps) => (
  <Stack gap="lg" maw={720}>
    <PageTitle title={pageTitle} />
    <BackToSegments />
    <Alert
      variant="light"
      color="red"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title={
        <Title order={1} fz="h4">
          {title}
        </Title>
      }
    >
      {message}
    </Alert>
  </Stack>
);
