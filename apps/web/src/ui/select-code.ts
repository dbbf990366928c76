// Mantine's Select with its Combobox, Popover, ScrollArea and floating positioning: lazy-select.tsx loads this on the
// first hover, focus or press of a filter, so that list pages do not need it for their first paint.
export { Select } from '@mantine/core';
