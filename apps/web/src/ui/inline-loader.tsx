import { Loader } from '@mantine/core';

/**
 * A small spinner inside a section. `role="status"` gives the label a role that may carry
 * `aria-label` (axe flags a label on a bare span).
 */
export const InlineLoader = ({ label }: { label: string }) => (
  <Loader size="sm" role="status" aria-label={label} />
);
