import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

/** A button that is a link (Add …, Import CSV), so that it opens in a new tab too; a plus unless told. */
export const LinkButton = ({
  to,
  icon: Icon = IconPlus,
  variant,
  children,
}: {
  to: string;
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  variant?: 'default';
  children: ReactNode;
}) => (
  <Button component={Link} to={to} variant={variant} leftSection={<Icon size={18} aria-hidden />}>
    {children}
  </Button>
);
