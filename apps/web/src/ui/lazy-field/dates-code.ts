// Mantine's date inputs, their calendars and styles: lazy-date-input.tsx loads them on a field's first use.
import '@mantine/dates/styles.css';

export { DateInput, DatePickerInput } from '@mantine/dates';
