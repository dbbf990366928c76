import { Input, Loader, Text } from '@mantine/core';
import { type Icon, IconUpload } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import classes from './file-drop.module.css';

export type TFileDropProps = {
  /** The box's label and the file input's accessible name. */
  label: string;
  /** What the box says inside; defaults to 'Drop a file here or click to choose one'. */
  prompt?: string;
  /** Under the prompt: which files are accepted. */
  hint?: ReactNode;
  /** The input's `accept` (extensions and MIME types). */
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  /** Shows a spinner in place of the icon (an upload or a read under way). */
  busy?: boolean;
  error?: ReactNode;
  icon?: Icon;
  required?: boolean;
};

/**
 * A box that takes one file, dropped on it or chosen with the file dialog (click, Enter or Space). The same file
 * may be chosen twice in a row: the input is cleared after each choice.
 */
export const FileDrop = ({
  label,
  prompt = 'Drop a file here or click to choose one',
  hint,
  accept,
  onFile,
  disabled = false,
  busy = false,
  error,
  icon: ZoneIcon = IconUpload,
  required = false,
}: TFileDropProps) => {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  const blocked = disabled || busy;

  const take = (file: File | undefined) => {
    if (file && !blocked) onFile(file);
  };
  const over = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    if (!blocked) setActive(true);
  };
  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setActive(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <Input.Wrapper id={inputId} label={label} required={required} error={error} errorProps={{ id: errorId }}>
      <label
        htmlFor={inputId}
        className={classes.zone}
        data-active={active || undefined}
        data-error={error ? true : undefined}
        data-disabled={blocked || undefined}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setActive(false)}
        onDrop={drop}
      >
        <input
          ref={inputRef}
          id={inputId}
          className={classes.input}
          type="file"
          accept={accept}
          disabled={blocked}
          aria-label={label}
          aria-describedby={
            [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
          }
          aria-invalid={error ? true : undefined}
          aria-busy={busy || undefined}
          onChange={(event) => {
            take(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        {busy ? <Loader size="sm" aria-hidden /> : <ZoneIcon size={28} stroke={1.5} aria-hidden />}
        <Text size="sm" fw={500}>
          {prompt}
        </Text>
        {hint && (
          <Text id={hintId} size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </label>
    </Input.Wrapper>
  );
};
