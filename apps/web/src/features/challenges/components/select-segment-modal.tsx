import {
  BUTTON_LABELS,
  CHALLENGE_MESSAGES,
  COMMON_MESSAGES,
  listSegments,
  PAGE_SIZES,
  SEGMENT_MESSAGES,
} from '@laurel/contract';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { pageInfo } from '@/api/query-keys';
import { useLinkChallengeSegment } from '@/features/challenges/api';
import { segmentKeys } from '@/features/segments';
import { openMessageModal } from '@/ui/message-modal';
import { RemotePicker, type TFetchPickerPage, type TPickerOption } from '@/ui/remote-picker';

/** The client's segments, system segments included (DESIGN §9), searched by name. */
const fetchSegmentOptions: TFetchPickerPage = async ({ page, size, search, signal }) => {
  const result = unwrap(
    await http.call(listSegments, { query: { page, size, search_string: search || undefined }, signal }),
  );
  return {
    options: result.content.map((segment) => ({
      value: segment._id,
      label: segment.name,
      description: `${segment.player_count.toLocaleString('en-US')} players`,
    })),
    count: pageInfo(result).count,
  };
};

type TSelectSegmentModalProps = {
  challengeId: string;
  opened: boolean;
  onClose: () => void;
};

/**
 * 'Select Segment' (spec 2 §2): the User Segment autocomplete, the irreversible warning, Cancel and Done. Done with
 * nothing chosen says 'Please select a segment.'; a link opens 'Success!' with the spec's text.
 */
export const SelectSegmentModal = ({ challengeId, opened, onClose }: TSelectSegmentModalProps) => {
  const [segment, setSegment] = useState<TPickerOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const link = useLinkChallengeSegment();
  const close = () => {
    setSegment(null);
    setError(null);
    onClose();
  };
  const done = () => {
    if (!segment) {
      setError(CHALLENGE_MESSAGES.selectSegment);
      return;
    }
    link.mutate(
      { challengeId, segmentId: segment.value },
      {
        onSuccess: () => {
          close();
          openMessageModal({
            title: COMMON_MESSAGES.successExclaimed,
            message: CHALLENGE_MESSAGES.segmentSaved,
          });
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={CHALLENGE_MESSAGES.selectSegmentTitle} size="md">
      <Stack gap="md">
        <RemotePicker
          label={CHALLENGE_MESSAGES.userSegmentLabel}
          placeholder="Search segments"
          queryKey={[...segmentKeys.all, 'options']}
          fetchPage={fetchSegmentOptions}
          pageSize={PAGE_SIZES.filterOptions}
          errorTitle={SEGMENT_MESSAGES.listFailed}
          value={segment}
          error={error}
          onChange={(option) => {
            setSegment(option);
            if (option) setError(null);
          }}
        />
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {CHALLENGE_MESSAGES.segmentIrreversible}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {BUTTON_LABELS.cancel}
          </Button>
          <Button onClick={done} loading={link.isPending}>
            {BUTTON_LABELS.done}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
