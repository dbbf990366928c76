import { POOL_LOW_SHARE, REWARD_MESSAGES, type TReward } from '@laurel/contract';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useUploadRewardCodes } from '@/features/rewards/api';
import { REWARD_TEXTS } from '@/features/rewards/reward-format';
import { FileDrop } from '@/ui/file-drop';

const ACCEPT = '.csv,.txt,text/csv,text/plain';

/** Whether a pool is running low: fewer than POOL_LOW_SHARE of all its codes left. */
export const poolIsLow = (left: number, total: number) => total > 0 && left < total * POOL_LOW_SHARE;

/**
 * A saved pool reward's codes: 'N of M codes left', the warning when few remain, and 'Upload codes' (a CSV or text
 * file, one code a line), which adds them at once and says how many were added and skipped (repeated in the file, or known before).
 */
export const RewardPool = ({ reward, readOnly }: { reward: TReward; readOnly: boolean }) => {
  const upload = useUploadRewardCodes();
  const [answer, setAnswer] = useState<string | null>(null);
  const total = reward.codes_total ?? 0;
  const left = reward.codes_left ?? 0;

  const take = (file: File) => {
    setAnswer(null);
    upload.mutate(
      { id: reward._id, file },
      { onSuccess: (result) => setAnswer(REWARD_MESSAGES.poolUploaded(result)) },
    );
  };

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={600} data-testid="reward-codes-left">
          {REWARD_TEXTS.codesLeft(left, total)}
        </Text>
        <Progress
          value={total > 0 ? (left / total) * 100 : 0}
          color={poolIsLow(left, total) ? 'orange' : 'teal'}
          size="sm"
          aria-label={REWARD_TEXTS.codesLeft(left, total)}
        />
      </Stack>
      {poolIsLow(left, total) && (
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {REWARD_MESSAGES.poolLow(left)}
        </Alert>
      )}
      {!readOnly && (
        <FileDrop
          label={REWARD_TEXTS.uploadCodes}
          accept={ACCEPT}
          icon={IconFileText}
          hint={REWARD_TEXTS.uploadCodesHint}
          busy={upload.isPending}
          onFile={take}
        />
      )}
      {answer && (
        <Group gap={6} wrap="nowrap">
          <IconCircleCheck size={18} color="var(--mantine-color-teal-filled)" aria-hidden />
          <Text size="sm" role="status">
            {answer}
          </Text>
        </Group>
      )}
    </Stack>
  );
};
