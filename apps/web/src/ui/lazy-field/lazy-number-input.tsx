import { InputBase, type NumberInputHandlers, type NumberInputProps, UnstyledButton } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { lazyModule } from '@/ui/lazy-module';
import { canStep, formatNumberInput, NUMBER_INPUT_CLASSES } from './mantine-looks';
import { standInProps } from './stand-in-props';
import { useLazyField } from './use-lazy-field';

const numberInputCode = lazyModule(() => import('./number-input-code'));

const Chevron = ({ up }: { up: boolean }) => (
  <svg
    viewBox="0 0 15 15"
    fill="none"
    aria-hidden
    style={{
      width: 'var(--ni-chevron-size)',
      height: 'var(--ni-chevron-size)',
      transform: up ? 'rotate(180deg)' : undefined,
    }}
  >
    <path
      d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * Mantine's NumberInput, its code (and react-number-format) loaded on the field's first hover, focus or press. The
 * stand-in shows the value formatted the same way and the same stepper; a step pressed before the code arrives is
 * made when it does.
 */
export const LazyNumberInput = (props: NumberInputProps) => {
  const field = useLazyField(numberInputCode);
  const handlers = useRef<NumberInputHandlers>(null);
  const step = useRef<'up' | 'down' | null>(null);

  useLayoutEffect(() => {
    if (!field.loaded || !step.current) return;
    if (step.current === 'up') handlers.current?.increment();
    else handlers.current?.decrement();
    step.current = null;
  }, [field.loaded]);

  if (field.loaded)
    return (
      <field.loaded.NumberInput {...props} ref={field.element} handlersRef={props.handlersRef ?? handlers} />
    );

  const { value, min, max, disabled, readOnly, hideControls, rightSection, size } = props;
  const number = typeof value === 'number' ? value : undefined;
  const controls = !hideControls && !readOnly && !rightSection && canStep(value);
  const control = (up: boolean) => (
    <UnstyledButton
      tabIndex={-1}
      aria-hidden
      className={NUMBER_INPUT_CLASSES.control}
      mod={{ direction: up ? 'up' : 'down' }}
      disabled={
        disabled ||
        (number !== undefined &&
          (up ? max !== undefined && number >= max : min !== undefined && number <= min))
      }
      onMouseDown={(event) => event.preventDefault()}
      onPointerDown={() => {
        step.current = up ? 'up' : 'down';
      }}
    >
      <Chevron up={up} />
    </UnstyledButton>
  );
  return (
    <InputBase
      __staticSelector="NumberInput"
      {...standInProps(props)}
      className={[NUMBER_INPUT_CLASSES.root, props.className].filter(Boolean).join(' ')}
      wrapperProps={{ onPointerEnter: field.standIn.onPointerEnter }}
      inputMode="decimal"
      value={field.draft ?? formatNumberInput(value, props)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        field.type(text);
        // Committed at once, as NumberInput reports it (a number when the text is one), so that a save made before
        // the code arrives has it.
        props.onChange?.(text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text);
      }}
      onFocus={field.standIn.onFocus}
      onBlur={field.standIn.onBlur}
      ref={field.standInRef}
      onPointerDown={field.standIn.onPointerDown}
      rightSection={
        controls ? (
          <div
            className={NUMBER_INPUT_CLASSES.controls}
            style={{ ['--ni-chevron-size' as string]: `var(--ni-chevron-size-${size ?? 'sm'})` }}
          >
            {control(true)}
            {control(false)}
          </div>
        ) : (
          rightSection
        )
      }
      rightSectionWidth={props.rightSectionWidth ?? `var(--ni-right-section-width-${size ?? 'sm'})`}
      rightSectionPointerEvents={props.rightSectionPointerEvents ?? (disabled ? 'none' : undefined)}
    />
  );
};
