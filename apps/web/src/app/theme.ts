import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  Modal,
  PasswordInput,
} from '@mantine/core';

/** The badge gold of the spec (#d2a023) at shade 6, lighter above and darker below. */
export const laurelGold: MantineColorsTuple = [
  '#fdf8ea',
  '#f8edcc',
  '#f0da99',
  '#e8c662',
  '#e0b53a',
  '#d9a92a',
  '#d2a023',
  '#b08418',
  '#8a6610',
  '#6b4f0b',
];

export const theme = createTheme({
  primaryColor: 'laurel',
  primaryShade: { light: 6, dark: 5 },
  colors: { laurel: laurelGold },
  // Gold is light: filled controls get dark text, which keeps their contrast above 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.3,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  black: '#1b1710',
  components: {
    Button: { defaultProps: { fw: 600 } },
    // A label's text is exactly the field's name (no ' *' inside the <label>), so a field is found by the name the
    // spec gives it; inputs still carry `required` for assistive technology, and validation says what is missing.
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // The eye button must not be named "…password…": a field labelled 'Password' should be the only match.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide what is typed' } },
    }),
    Modal: Modal.extend({
      defaultProps: { centered: true, radius: 'md' },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
    Loader: { defaultProps: { type: 'oval' } },
  },
});

/**
 * Text colours that keep WCAG AA contrast (4.5:1) in both schemes: on white, gold text and outlines use a darker
 * shade; dimmed and error text are a step stronger than Mantine's defaults, which measure 3.3:1 and 4.0:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-laurel-8)',
    '--mantine-color-laurel-text': 'var(--mantine-color-laurel-8)',
    '--mantine-color-laurel-outline': 'var(--mantine-color-laurel-8)',
    '--mantine-color-dimmed': '#5c6370',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-6)',
  },
});
