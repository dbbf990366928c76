import { PASSWORD_MESSAGES, ROUTE_PATTERNS } from '@laurel/contract';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export const BackToSignInLink = () => (
  <Anchor component={Link} to={ROUTE_PATTERNS.logIn} size="sm" fw={600}>
    <Group gap={6} component="span" wrap="nowrap">
      <IconArrowLeft size={16} aria-hidden />
      {PASSWORD_MESSAGES.backToSignIn}
    </Group>
  </Anchor>
);
