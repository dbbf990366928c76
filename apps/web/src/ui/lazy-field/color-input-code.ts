// Mantine's ColorInput with its colour picker: lazy-color-input.tsx loads it on the field's first use.
export { ColorInput } from '@mantine/core';
