import { ENGINE_EVENT_TYPES, MAX_EVENTS_PER_BATCH } from '@laurel/contract';
import { ActionIcon, Box, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { curlExample } from '@/features/settings/integrations/send-events-example';
import { LazyTooltip } from '@/ui/lazy-tooltip';

/**
 * How an integrator sends activity: the endpoint on this very host, the two ways to pass the key, the event's
 * shape and a curl command to start from.
 */
export const SendEventsHelp = ({ origin }: { origin: string }) => {
  const example = curlExample(origin);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Post each event to <Code>POST /api/v1/events</Code> with your key in{' '}
        <Code>Authorization: Bearer &lt;key&gt;</Code> or <Code>X-Api-Key: &lt;key&gt;</Code>.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          An event is <Code>{'{ id, type, customer, occurred_at, branch_id?, data }'}</Code>; its{' '}
          <Code>id</Code> is your own reference, and sending the same id again is acknowledged but counted
          once.
        </List.Item>
        <List.Item>
          <Code>customer</Code> names exactly one of <Code>_id</Code>, <Code>email</Code>,{' '}
          <Code>cell_number</Code> or <Code>loyalty_number</Code>.
        </List.Item>
        <List.Item>
          Send up to {MAX_EVENTS_PER_BATCH.toLocaleString('en-US')} at once as{' '}
          <Code>{'{ "events": [...] }'}</Code>; the answer gives each event's result in the same order.
        </List.Item>
        <List.Item>
          Types:{' '}
          {ENGINE_EVENT_TYPES.map((type, index) => (
            <span key={type}>
              {index > 0 && ', '}
              <Code>{type}</Code>
            </span>
          ))}
          . Your own statistics change with <Code>statistic.update</Code> and{' '}
          <Code>{'{ "name": "coffeeStamps", "value": 1 }'}</Code>.
        </List.Item>
      </List>
      <Box pos="relative" role="group" aria-label="Example request">
        {/* Focusable, so that the keyboard can scroll a long line sideways. */}
        <Code block tabIndex={0} fz="xs" pr={48} style={{ overflowX: 'auto' }}>
          {example}
        </Code>
        <Group pos="absolute" top={6} right={6}>
          <CopyButton value={example} timeout={2000}>
            {({ copied, copy }) => (
              <LazyTooltip label={copied ? 'Copied' : 'Copy the example'} withArrow position="left">
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  aria-label={copied ? 'Copied' : 'Copy the example'}
                  onClick={copy}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </LazyTooltip>
            )}
          </CopyButton>
        </Group>
      </Box>
    </Stack>
  );
};
