import { PRODUCT_LIMITS, type TSaveCategoryRequest } from '@laurel/contract';
import { TextInput } from '@mantine/core';
import {
  parseCategoryForm,
  sameCategoryValues,
  type TCategoryFormField,
  type TCategoryFormValues,
} from '@/features/products/catalogue-form-values';
import { CatalogueFormFrame } from '@/features/products/components/catalogue-form-frame';
import {
  type TCatalogueFormProps,
  useCatalogueForm,
} from '@/features/products/components/use-catalogue-form';

export type TCategoryFormProps = TCatalogueFormProps<
  TCategoryFormValues,
  TSaveCategoryRequest,
  TCategoryFormField
>;

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
    <CatalogueFormFrame
      label={label}
      form={form}
      readOnly={readOnly}
      submitting={submitting}
      imageDescription={`Image of the category '${values.name.trim() || 'new category'}'`}
    >
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
    </CatalogueFormFrame>
  );
};
