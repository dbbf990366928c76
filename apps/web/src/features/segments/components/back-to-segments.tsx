import { consolePaths, SEGMENT_MESSAGES } from '@laurel/contract';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export const BackToSegments = () => (
  <Button
    component={Link}
    to={consolePaths.segments}
    variant="subtle"
    color="gray"
    size="compact-sm"
    leftSection={<IconArrowLeft size={16} aria-hidden />}
    w="fit-content"
    px={6}
  >
    {SEGMENT_MESSAGES.backToSegments}
  </Button>
);
