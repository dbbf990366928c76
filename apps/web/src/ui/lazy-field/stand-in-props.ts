import { extractStyleProps, type InputBaseProps } from '@mantine/core';

/** What a stand-in shares with the field it stands in for: its wrapper, sections, state and layout. */
const SHARED = [
  'label',
  'description',
  'error',
  'required',
  'withAsterisk',
  'disabled',
  'readOnly',
  'placeholder',
  'leftSection',
  'leftSectionPointerEvents',
  'leftSectionWidth',
  'size',
  'radius',
  'variant',
  'inputWrapperOrder',
  'id',
  'name',
  'className',
  'style',
  'aria-label',
  'aria-describedby',
  'autoComplete',
  'labelProps',
  'descriptionProps',
  'errorProps',
] as const;

/** The props of a Mantine input that its stand-in (an InputBase) shows the same way, style props included. */
export const standInProps = (props: object): Partial<InputBaseProps> => {
  const { styleProps } = extractStyleProps(props as Record<string, unknown>);
  const own = props as Record<string, unknown>;
  const shared = Object.fromEntries(
    SHARED.filter((key) => own[key] !== undefined).map((key) => [key, own[key]]),
  );
  return { ...styleProps, ...shared } as Partial<InputBaseProps>;
};
