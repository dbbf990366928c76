import { Input, InputBase } from '@mantine/core';
import type { DateInputProps, DatePickerInputProps, DateValue } from '@mantine/dates';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { lazyModule } from '@/ui/lazy-module';
import { formatDay, parseDay } from './day-format';
import { standInProps } from './stand-in-props';
import { useLazyField } from './use-lazy-field';

const datesCode = lazyModule(() => import('./dates-code'));

type TDay = DateValue | string | undefined;

/** Whether `text` is a whole day as the field writes it, or as YYYY-MM-DD. */
const isWholeDay = (text: string, format: string) => {
  const day = parseDay(text);
  return day !== null && (/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) || formatDay(day, format) === text.trim());
};

/**
 * Mantine's DateInput, its calendar code (@mantine/dates, dayjs plug-ins and styles) loaded on the field's first
 * hover, focus or press. The stand-in shows the day as the field would; the real field opens its calendar when it
 * takes the focus, as it does on a click.
 */
export const LazyDateInput = (props: DateInputProps) => {
  const field = useLazyField(datesCode);
  const { value, valueFormat, clearable, disabled, readOnly, onChange } = props;
  const format = typeof valueFormat === 'string' ? valueFormat : 'MMMM D, YYYY';
  // A whole day typed closes the calendar, as picking one does, so that it no longer covers the fields below it
  // (a form filled from the keyboard, or by a script, goes on to them); a click opens it again.
  const [dayTyped, setDayTyped] = useState(false);
  // A dialog closes on an Escape pressed anywhere in it unless its target says it handles Escape itself; the input
  // keeps the focus while its calendar is open, so it says so then: the Escape closes the calendar, not the dialog.
  const [calendarOpen, setCalendarOpen] = useState(false);
  // Enter confirms the day typed, as it does in the calendar: it closes the calendar and does not submit the form
  // around the field (a save half-filled would open the form's error list over the page).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      setDayTyped(true);
    }
    props.onKeyDown?.(event);
  };
  if (field.loaded)
    return (
      <field.loaded.DateInput
        {...props}
        data-mantine-stop-propagation={calendarOpen || undefined}
        onKeyDown={onKeyDown}
        onInput={(event) => {
          setDayTyped(isWholeDay(event.currentTarget.value, format));
          props.onInput?.(event);
        }}
        onClick={(event) => {
          setDayTyped(false);
          props.onClick?.(event);
        }}
        popoverProps={{
          ...props.popoverProps,
          ...(dayTyped && { opened: false }),
          onOpen: () => {
            setCalendarOpen(true);
            props.popoverProps?.onOpen?.();
          },
          onClose: () => {
            setCalendarOpen(false);
            props.popoverProps?.onClose?.();
          },
        }}
        ref={field.element}
      />
    );
  const shown =
    field.draft ??
    (typeof valueFormat === 'function' && value ? valueFormat(value as string) : formatDay(value, format));
  return (
    <InputBase
      __staticSelector="DateInput"
      {...standInProps(props)}
      data-dates-input
      autoComplete="off"
      wrapperProps={{ onPointerEnter: field.standIn.onPointerEnter }}
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value;
        field.type(text);
        setDayTyped(isWholeDay(text, format));
        // Committed at once when it reads as a day (DateInput falls back to the same parsing), so that a save made
        // before the code arrives has it; the field parses the text again with its own format when it arrives.
        const day = parseDay(text);
        if (text.trim() === '') onChange?.(null);
        else if (day) onChange?.(day);
      }}
      onFocus={field.standIn.onFocus}
      onBlur={field.standIn.onBlur}
      onKeyDown={onKeyDown}
      ref={field.standInRef}
      onPointerDown={field.standIn.onPointerDown}
      rightSection={props.rightSection}
      __clearSection={<Input.ClearButton onClick={() => onChange?.(null)} />}
      __clearable={Boolean(clearable && value && !readOnly && !disabled)}
    />
  );
};

/**
 * Mantine's DatePickerInput (a button that opens a calendar), loaded on its first hover, focus or press; a click
 * made before the code arrived opens the calendar when it does.
 */
export const LazyDatePickerInput = <TType extends 'default' | 'multiple' | 'range' = 'default'>(
  props: DatePickerInputProps<TType>,
) => {
  const field = useLazyField<Awaited<ReturnType<typeof datesCode.get>>, HTMLButtonElement>(datesCode);
  const clicked = useRef(false);
  useLayoutEffect(() => {
    if (field.loaded && clicked.current) field.element.current?.click();
    clicked.current = false;
  }, [field.loaded, field.element]);
  if (field.loaded) return <field.loaded.DatePickerInput<TType> {...props} ref={field.element} />;

  const {
    value,
    type,
    valueFormat = 'MMMM D, YYYY',
    labelSeparator = '–',
    clearable,
    disabled,
    readOnly,
  } = props;
  const days = (Array.isArray(value) ? value : [value]) as TDay[];
  const shown =
    type === 'range'
      ? days[0]
        ? `${formatDay(days[0], valueFormat)} ${labelSeparator} ${formatDay(days[1], valueFormat)}`
        : ''
      : days
          .filter(Boolean)
          .map((day) => formatDay(day, valueFormat))
          .join(', ');
  const empty = type === 'range' ? null : type === 'multiple' ? [] : null;
  const clear = () =>
    (props.onChange as ((next: unknown) => void) | undefined)?.(type === 'range' ? [null, null] : empty);
  return (
    <InputBase
      component="button"
      type="button"
      __staticSelector="DatePickerInput"
      {...standInProps(props)}
      data-dates-input
      multiline
      wrapperProps={{ onPointerEnter: field.standIn.onPointerEnter }}
      onFocus={field.standIn.onFocus}
      onBlur={field.standIn.onBlur}
      onPointerDown={field.standIn.onPointerDown}
      onClick={() => {
        clicked.current = true;
      }}
      __clearSection={<Input.ClearButton onClick={clear} />}
      __clearable={Boolean(clearable && shown && !readOnly && !disabled)}
    >
      {shown || <Input.Placeholder>{props.placeholder}</Input.Placeholder>}
    </InputBase>
  );
};
