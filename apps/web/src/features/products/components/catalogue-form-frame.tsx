import { PRODUCT_LIMITS } from '@laurel/contract';
import { Paper, Stack, Textarea } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormActions } from '@/features/products/components/form-actions';
import { ImageField } from '@/features/products/components/image-field';

/** What the frame reads of `useCatalogueForm`: the fields every catalogue record has, and the form's state. */
type TCatalogueFormState = {
  values: { description: string; image_url: string | null };
  edited: boolean;
  errorOf: (field: 'description' | 'image_url') => string | undefined;
  touch: (field: 'description') => void;
  set: ((field: 'description', value: string) => void) & ((field: 'image_url', value: string | null) => void);
  reset: () => void;
  submit: (event: FormEvent<HTMLFormElement>) => void;
};

type TCatalogueFormFrameProps = {
  label: string;
  form: TCatalogueFormState;
  readOnly: boolean;
  submitting: boolean;
  /** Sent with an uploaded image: what it shows. */
  imageDescription: string;
  /** The record's own fields, above its description and image. */
  children: ReactNode;
};

/** A catalogue editor (product, category): its own fields, then description and image, then Cancel and Save. */
export const CatalogueFormFrame = ({
  label,
  form,
  readOnly,
  submitting,
  imageDescription,
  children,
}: TCatalogueFormFrameProps) => (
  <form aria-label={label} onSubmit={form.submit} noValidate>
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          {children}
          <Textarea
            label="Description"
            disabled={readOnly}
            // Not autosize: it needs document.fonts, which the component tests' DOM lacks.
            rows={3}
            resize="vertical"
            maxLength={PRODUCT_LIMITS.descriptionMaxLength}
            value={form.values.description}
            onChange={(event) => form.set('description', event.currentTarget.value)}
            onBlur={() => form.touch('description')}
            error={form.errorOf('description')}
          />
          <ImageField
            value={form.values.image_url}
            onChange={(url) => form.set('image_url', url)}
            description={imageDescription}
            disabled={readOnly}
            error={form.errorOf('image_url')}
          />
        </Stack>
      </Paper>
      {!readOnly && <FormActions edited={form.edited} submitting={submitting} onCancel={form.reset} />}
    </Stack>
  </form>
);
