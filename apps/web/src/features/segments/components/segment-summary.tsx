import { consolePaths, SEGMENT_PLAYERS_MESSAGES, type TSegment } from '@laurel/contract';
import { Button, Code, List, SimpleGrid } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PlayerCount } from '@/features/segments/components/player-count';
import { SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { displayDateTime } from '@/ui/display-date';
import { Fact } from '@/ui/fact';
import { SectionCard } from '@/ui/section-card';

/** Beside the editor: how many players the segment has now, and what the form does not change. */
export const SegmentSummary = ({ segment }: { segment: TSegment }) => (
  <SectionCard title="About this segment">
    <SimpleGrid cols={{ base: 2, md: 1 }} spacing="md" verticalSpacing="md">
      <Fact label={SEGMENT_PLAYERS_MESSAGES.playersTitle}>
        <PlayerCount segment={segment} />
      </Fact>
      <Fact label="ID">
        <Code fz="xs" style={{ wordBreak: 'break-all' }}>
          {segment.playfab_segment_id || SEGMENT_PLAYERS_MESSAGES.unknown}
        </Code>
      </Fact>
      <Fact label="Type">{segment.system ? `${SEGMENT_TEXTS.system} segment` : 'Custom segment'}</Fact>
      <Fact label="Created Date">{displayDateTime(segment.created_at)}</Fact>
      <Fact label="Last Updated">{displayDateTime(segment.updated_at)}</Fact>
    </SimpleGrid>
    <Button
      component={Link}
      to={consolePaths.segmentPlayers(segment._id)}
      variant="light"
      leftSection={<IconUsers size={16} aria-hidden />}
    >
      {SEGMENT_TEXTS.viewPlayers}
    </Button>
  </SectionCard>
);

/** Beside a new segment: how membership and actions work. */
export const SegmentHelp = () => (
  <SectionCard title="How segments work">
    <List size="sm" spacing="xs">
      <List.Item>
        Rules test a player's statistics, such as <Code fz="xs">numberOfLogins ≥ 2</Code>. A player who
        matches any rule is in the segment.
      </List.Item>
      <List.Item>Players join and leave on their own as their statistics change.</List.Item>
      <List.Item>Actions run when a player enters or leaves: grant a badge, or grant a challenge.</List.Item>
      <List.Item>After a save, the segment's players are worked out again in the background.</List.Item>
    </List>
  </SectionCard>
);
