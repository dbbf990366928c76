import { ActionIcon, Anchor, Group } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ComponentType, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { LazyTooltip } from '@/ui/lazy-tooltip';

/**
 * A row's name as a link too, so that the keyboard reaches the record as well as the mouse. In an `ellipsis` column
 * give it the whole name as `title`, which the pointer shows where the cell cuts it short.
 */
export const RowLink = ({ to, title, children }: { to: string; title?: string; children: ReactNode }) => (
  <Anchor
    component={Link}
    to={to}
    size="sm"
    fw={600}
    c="inherit"
    title={title}
    onClick={(event: MouseEvent) => event.stopPropagation()}
  >
    {children}
  </Anchor>
);

/** The Actions cell: the same height with or without buttons, so that every row lines up. */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <Group gap={6} justify="flex-end" wrap="nowrap" mih={28}>
    {children}
  </Group>
);

type TRowActionButton = {
  /** The tooltip. */
  label: string;
  /** The accessible name, e.g. 'Delete Spring sale'. */
  ariaLabel: string;
  color: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  loading?: boolean;
  /** Greyed and not clickable; say why beside the table (a disabled button shows no tooltip). */
  disabled?: boolean;
  onClick: () => void;
};

/** An icon button in a row; clicking it does not open the row. */
export const RowActionButton = ({
  label,
  ariaLabel,
  color,
  icon: Icon,
  loading,
  disabled,
  onClick,
}: TRowActionButton) => (
  <LazyTooltip label={label}>
    <ActionIcon
      variant="subtle"
      color={color}
      aria-label={ariaLabel}
      loading={loading}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <Icon size={16} aria-hidden />
    </ActionIcon>
  </LazyTooltip>
);

/** A row's Delete button ('Delete <name>'). */
export const RowDeleteButton = ({
  name,
  loading,
  onClick,
}: {
  name: string;
  loading?: boolean;
  onClick: () => void;
}) => (
  <RowActionButton
    label="Delete"
    ariaLabel={`Delete ${name}`}
    color="red"
    icon={IconTrash}
    loading={loading}
    onClick={onClick}
  />
);
