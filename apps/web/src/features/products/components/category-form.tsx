import { PRODUCT_LIMITS, type TSaveCategoryRequest } from '@laurel/contract';
import { Paper, Stack, Textarea, TextInput } from '@mantine/core';
import {
  parseCategoryForm,
  sameCategoryValues,
  type TCategoryFormField,
  type TCategoryFormValues,
  type TFormErrors,
} from '@/features/products/catalogue-form-values';
import { FormActions } from '@/features/products/components/form-actions';
import { ImageField } from '@/features/products/components/image-field';
import { useCatalogueForm } from '@/features/products/components/use-catalogue-form';

export type TCategoryFormProps = {
  label: string;
  initialValues: TCategoryFormValues;
  readOnly?: boolean;
  errors?: TFormErrors<TCategoryFormField>;
  submitting?: boolean;
  onSubmit: (body: TSaveCategoryRequest) => void;
};

/** A product category: name (unique), description and image. */
export const CategoryForm = ({
  label,
  initialValues,
  readOnly = false,
  errors = {},
  submitting = false,
  onSubmit,
}: TCategoryFormProps) => {
  const form = useCatalogueForm({
    initialValues,
    parse: parseCategoryForm,
    same: sameCategoryValues,
    serverErrors: errors,
    onSubmit,
  });
  const { values, set, touch, errorOf } = form;
  return (
    <form aria-label={label} onSubmit={form.submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <TextInput
              label="Name"
              required
              disabled={readOnly}
              maxLength={PRODUCT_LIMITS.categoryNameMaxLength}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              onBlur={() => touch('name')}
              error={errorOf('name')}
            />
            <Textarea
              label="Description"
              disabled={readOnly}
              // Not autosize: it needs document.fonts, which the component tests' DOM lacks.
              rows={3}
              resize="vertical"
              maxLength={PRODUCT_LIMITS.descriptionMaxLength}
              value={values.description}
              onChange={(event) => set('description', event.currentTarget.value)}
              onBlur={() => touch('description')}
              error={errorOf('description')}
            />
            <ImageField
              value={values.image_url}
              onChange={(url) => set('image_url', url)}
              description={`Image of the category '${values.name.trim() || 'new category'}'`}
              disabled={readOnly}
              error={errorOf('image_url')}
            />
          </Stack>
        </Paper>
        {!readOnly && <FormActions edited={form.edited} submitting={submitting} onCancel={form.reset} />}
      </Stack>
    </form>
  );
};
