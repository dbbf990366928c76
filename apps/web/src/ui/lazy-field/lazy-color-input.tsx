import { type ColorInputProps, ColorSwatch, InputBase, isColorValid } from '@mantine/core';
import { lazyModule } from '@/ui/lazy-module';
import { COLOR_PREVIEW_CLASS } from './mantine-looks';
import { standInProps } from './stand-in-props';
import { useLazyField } from './use-lazy-field';

const colorInputCode = lazyModule(() => import('./color-input-code'));

/**
 * Mantine's ColorInput, its colour picker loaded on the field's first hover, focus or press. The stand-in shows the
 * colour's swatch and value; the real field opens its picker when it takes the focus, as it does on a click.
 */
export const LazyColorInput = (props: ColorInputProps) => {
  const field = useLazyField(colorInputCode);
  if (field.loaded) return <field.loaded.ColorInput {...props} ref={field.element} />;
  const value = field.draft ?? props.value ?? '';
  return (
    <InputBase
      __staticSelector="ColorInput"
      {...standInProps(props)}
      autoComplete="off"
      spellCheck={false}
      wrapperProps={{ onPointerEnter: field.standIn.onPointerEnter }}
      value={value}
      onChange={(event) => {
        field.type(event.currentTarget.value);
        props.onChange?.(event.currentTarget.value);
      }}
      onFocus={field.standIn.onFocus}
      onBlur={field.standIn.onBlur}
      ref={field.standInRef}
      onPointerDown={field.standIn.onPointerDown}
      leftSection={
        props.leftSection ??
        (props.withPreview === false ? null : (
          <ColorSwatch
            color={isColorValid(value) ? value : '#fff'}
            size="var(--ci-preview-size)"
            className={COLOR_PREVIEW_CLASS}
          />
        ))
      }
      leftSectionPointerEvents="none"
      rightSection={props.rightSection}
    />
  );
};
