// Mantine's Select and MultiSelect with their Combobox, Popover, ScrollArea and floating positioning: lazy-select.tsx
// loads this on a field's first hover, focus or press, so that pages do not need it for their first paint.
export { MultiSelect, Select } from '@mantine/core';
