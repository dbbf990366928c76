import type { TWebhookAttempt } from '@laurel/contract';
import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { formatWhen } from '@/features/settings/integrations/integrations-format';
import { attemptOutcome, formatDuration } from '@/features/settings/webhooks/webhook-format';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';

const isSuccess = (attempt: TWebhookAttempt) =>
  attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;

/** One attempt: when, the answer's status (or why there was none), how long it took, the start of the answer. */
export const AttemptEntry = ({ attempt }: { attempt: TWebhookAttempt }) => (
  <Paper withBorder radius="sm" p="sm">
    <Stack gap={6}>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Badge color={isSuccess(attempt) ? 'teal' : 'red'} variant="light" radius="sm" tt="none">
            {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : WEBHOOK_TEXTS.noAnswer}
          </Badge>
          <Text size="sm">{formatWhen(attempt.attempted_at)}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {formatDuration(attempt.duration_ms)}
        </Text>
      </Group>
      {attempt.error && (
        <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
          {attempt.error}
        </Text>
      )}
      {attempt.response_excerpt ? (
        <Code
          block
          fz="xs"
          mah={160}
          style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {attempt.response_excerpt}
        </Code>
      ) : (
        attempt.status_code !== null && (
          <Text size="xs" c="dimmed">
            The answer had no body.
          </Text>
        )
      )}
    </Stack>
  </Paper>
);

/** A delivery's attempts, newest first, as the server logged them. */
export const AttemptLog = ({ attempts }: { attempts: TWebhookAttempt[] }) => (
  <Stack gap={6} role="group" aria-label="Attempts">
    <Text size="sm" fw={600}>
      {`Attempts (${attempts.length})`}
    </Text>
    {attempts.length === 0 ? (
      <Text size="sm" c="dimmed">
        Not sent yet.
      </Text>
    ) : (
      // Focusable, so that the keyboard can scroll a long log.
      <Stack gap="xs" mah={360} style={{ overflow: 'auto' }} tabIndex={0}>
        {attempts.map((attempt) => (
          <AttemptEntry key={`${attempt.attempted_at}-${attemptOutcome(attempt)}`} attempt={attempt} />
        ))}
      </Stack>
    )}
  </Stack>
);
