import {
  type ColorInputFactory,
  type CSSVariablesResolver,
  createTheme,
  darken,
  type ExtendComponent,
  type FactoryPayload,
  luminance,
  type MantineColorsTuple,
  type MantineTheme,
  type ModalFactory,
  type PasswordInputFactory,
} from '@mantine/core';

/**
 * What `Component.extend(…)` checks, without importing the component: `extend` returns its input, and importing
 * ColorInput or PasswordInput here would put them (and the colour picker) in every page's first load.
 */
const extend = <TFactory extends FactoryPayload>(input: ExtendComponent<TFactory>) => input;

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
  // Someone who asked their system for less motion gets no transitions (menus, collapses, modals): WCAG 2.3.3.
  respectReducedMotion: true,
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
    PasswordInput: extend<PasswordInputFactory>({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide what is typed' } },
    }),
    Modal: extend<ModalFactory>({
      defaultProps: { centered: true, radius: 'md' },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
    // A dialog's header is Mantine's <header>, which assistive technology (and axe) take for a second page banner
    // beside the console's own: it is only the dialog's title bar.
    ModalHeader: { defaultProps: { role: 'none' } },
    DrawerHeader: { defaultProps: { role: 'none' } },
    // A closed dropdown leaves no hidden listbox behind: Mantine keeps one mounted (display: none), labelled by its
    // field, so that finding a Select by its label found two elements once any dropdown's code had loaded.
    Combobox: { defaultProps: { keepMounted: false } },
    Loader: { defaultProps: { type: 'oval' } },
    // A table's native scroller is positioned, so that it clips what it scrolls: absolute content inside it (an
    // Actions header's visually hidden text) escaped it and let a phone-wide page scroll sideways into blank space.
    TableScrollContainer: { styles: { scrollContainer: { position: 'relative' } } },
    // Icon-only buttons Mantine draws itself need a name for assistive technology (axe: button-name).
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // Not named "…colour…": a field labelled 'Colour' should be the only match for that name.
    ColorInput: extend<ColorInputFactory>({
      defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Eyedropper: pick from the screen' } },
    }),
  },
});

const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

/** WCAG AA asks 4.5:1 for text; a little more, since rows and hovers tint the background a shade further. */
const TEXT_CONTRAST = 4.8;

/**
 * The text colour of the light variant (status chips, badges, avatars' initials) on its tint (shade 1): Mantine
 * uses shade 9, which reads at only 2.7:1 (yellow) to 3.8:1 (green) on the tint; darkened until it reaches
 * TEXT_CONTRAST. Colours that already pass keep shade 9.
 */
const readableOnTint = (shades: readonly string[]) => {
  const [tint, text] = [shades[1] as string, shades[9] as string];
  let color = text;
  for (let step = 1; step <= 9 && contrast(color, tint) < TEXT_CONTRAST; step += 1) {
    color = darken(text, step / 10);
  }
  return color;
};

const lightVariantTextColors = (theme: MantineTheme) =>
  Object.fromEntries(
    Object.entries(theme.colors).map(([name, shades]) => [
      `--mantine-color-${name}-light-color`,
      readableOnTint(shades),
    ]),
  );

/**
 * In the dark scheme Mantine gives the light variant's text shade 0, near white: a red 'Delete' or trash icon then
 * reads as any other. Shade 4 keeps the colour and still reads at over 6:1 on the dark body.
 */
const darkVariantTextColors = (theme: MantineTheme) =>
  Object.fromEntries(
    Object.entries(theme.colors).map(([name, shades]) => [
      `--mantine-color-${name}-light-color`,
      shades[4] as string,
    ]),
  );

/**
 * Text colours that keep WCAG AA contrast (4.5:1) in both schemes: on white, gold text and outlines use a darker
 * shade; dimmed and error text are a step stronger than Mantine's defaults, which measure 3.3:1 and 4.0:1;
 * placeholders (Mantine's 2.1:1 light, 2.5:1 dark) too, since a picker's placeholder is the only label it shows.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...lightVariantTextColors(theme),
    '--mantine-color-placeholder': '#6b7280',
    '--mantine-color-anchor': 'var(--mantine-color-laurel-8)',
    '--mantine-color-laurel-text': 'var(--mantine-color-laurel-8)',
    '--mantine-color-laurel-outline': 'var(--mantine-color-laurel-8)',
    '--mantine-color-dimmed': '#5c6370',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
  },
  dark: {
    ...darkVariantTextColors(theme),
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-error': 'var(--mantine-color-red-6)',
  },
});
