import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export const BackLink = ({ to, label }: { to: string; label: string }) => (
  <Button
    component={Link}
    to={to}
    variant="subtle"
    color="gray"
    size="compact-sm"
    leftSection={<IconArrowLeft size={16} aria-hidden />}
    w="fit-content"
    px={6}
  >
    {label}
  </Button>
);
