import { REWARD_TRACK_TYPE_LABELS, type TRewardTrack } from '@laurel/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Collapse,
  ColorSwatch,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TRACK_KINDS, trackPath } from '@/features/reward-tracks/track-kinds';

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A 'YYYY-MM-DD' day as people read it ('1 Dec 2025'); no day reads 'No date'. */
export const displayDay = (day: string | null) =>
  day ? DAY.format(new Date(`${day}T00:00:00Z`)) : 'No date';

const Fact = ({ label, children }: { label: string; children: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
      {label}
    </Text>
    <Text size="sm" fw={500}>
      {children}
    </Text>
  </Stack>
);

const Milestones = ({ track }: { track: TRewardTrack }) => {
  const kind = TRACK_KINDS[track.reward_track_type];
  if (track.milestones.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No milestones yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={6} aria-label={`Milestones of ${track.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Milestone</Table.Th>
            <Table.Th>{kind.sourceValueLabel}</Table.Th>
            <Table.Th>{kind.targetValueLabel}</Table.Th>
            <Table.Th>Image</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...track.milestones]
            .sort((a, b) => a.index - b.index)
            .map((milestone) => (
              <Table.Tr key={milestone.index}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={milestone.colour || 'transparent'} size={14} aria-hidden />
                    <Text size="sm">{milestone.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>{milestone.source_value.toLocaleString('en-US')}</Table.Td>
                <Table.Td>{milestone.target_value.toLocaleString('en-US')}</Table.Td>
                <Table.Td>
                  {milestone.image_url ? (
                    <Image
                      src={milestone.image_url}
                      alt={`${milestone.name} image`}
                      w={32}
                      h={32}
                      fit="contain"
                    />
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

type TTrackCardProps = {
  track: TRewardTrack;
  mayDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
};

/** One track of the list (spec 3 §2): Source, Target, Start Date and End Date, with expand, edit and delete. */
export const TrackCard = ({ track, mayDelete, deleting, onDelete }: TTrackCardProps) => {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const to = trackPath(track.reward_track_type, track._id);
  const navigate = useNavigate();
  return (
    <Paper component="article" aria-label={track.name} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" style={{ minWidth: 0 }}>
            <Anchor component={Link} to={to} fw={650} size="lg" c="inherit">
              {track.name}
            </Anchor>
            <Badge variant="light" radius="sm" tt="none">
              {REWARD_TRACK_TYPE_LABELS[track.reward_track_type]}
            </Badge>
            <Text size="sm" c="dimmed">
              {track.milestones.length} {track.milestones.length === 1 ? 'milestone' : 'milestones'}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit" withinPortal>
              {/* A button, as spec 3 names the card's edit, delete and expand controls; the title is the link. */}
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Edit ${track.name}`}
                onClick={() => void navigate(to)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {mayDelete && (
              <Tooltip label="Delete" withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${track.name}`}
                  loading={deleting}
                  onClick={onDelete}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={expanded ? 'Collapse' : 'Expand'} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${expanded ? 'Collapse' : 'Expand'} ${track.name}`}
                aria-expanded={expanded}
                aria-controls={detailsId}
                onClick={() => setExpanded((current) => !current)}
              >
                <IconChevronDown
                  size={18}
                  aria-hidden
                  style={{
                    transform: expanded ? 'rotate(180deg)' : undefined,
                    transition: 'transform 150ms',
                  }}
                />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label="Source">{track.source}</Fact>
          <Fact label="Target">{track.target}</Fact>
          <Fact label="Start Date">{displayDay(track.start_date)}</Fact>
          <Fact label="End Date">{displayDay(track.end_date)}</Fact>
        </SimpleGrid>
        <Collapse expanded={expanded} id={detailsId}>
          <Milestones track={track} />
        </Collapse>
      </Stack>
    </Paper>
  );
};
