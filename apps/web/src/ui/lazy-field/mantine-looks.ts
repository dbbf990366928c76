import type { NumberInputProps } from '@mantine/core';

/**
 * Class names of @mantine/core's NumberInput.module.css (the version is pinned exactly; mantine-looks.test.ts
 * checks them against NumberInput.classes), so that the stand-in's stepper looks like the real one.
 */
export const NUMBER_INPUT_CLASSES = { root: 'm_e2f5cd4e', controls: 'm_95e17d22', control: 'm_80b4b171' };
/** ColorInput.module.css's swatch class (its size per input size), for the colour stand-in. */
export const COLOR_PREVIEW_CLASS = 'm_c5ccdcab';

type TFormat = Pick<
  NumberInputProps,
  'thousandSeparator' | 'decimalScale' | 'fixedDecimalScale' | 'decimalSeparator' | 'prefix' | 'suffix'
>;

/** A value as NumberInput shows it (react-number-format): separators, fixed decimals, prefix and suffix. */
export const formatNumberInput = (value: NumberInputProps['value'], format: TFormat) => {
  if (value === undefined || value === null || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (typeof value === 'bigint' || !Number.isFinite(number)) return String(value);
  const { thousandSeparator, decimalScale, fixedDecimalScale, decimalSeparator = '.' } = format;
  let text =
    decimalScale !== undefined && fixedDecimalScale
      ? number.toFixed(decimalScale)
      : typeof value === 'string'
        ? value
        : String(number);
  const [whole = '', fraction] = text.split('.');
  const separator = thousandSeparator === true ? ',' : thousandSeparator || '';
  const grouped = separator ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator) : whole;
  text = fraction === undefined ? grouped : `${grouped}${decimalSeparator}${fraction}`;
  return `${format.prefix ?? ''}${text}${format.suffix ?? ''}`;
};

/** Whether NumberInput shows its stepper for this value (its own `canStep`). */
export const canStep = (value: NumberInputProps['value']) => {
  if (typeof value === 'number') return value < Number.MAX_SAFE_INTEGER;
  if (typeof value !== 'string') return false;
  return value === '' || (!Number.isNaN(Number(value)) && Number(value) < Number.MAX_SAFE_INTEGER);
};
