// Mantine's NumberInput with its number formatting: lazy-number-input.tsx loads it on the field's first use.
export { NumberInput } from '@mantine/core';
