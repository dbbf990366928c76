import { PAGE_SIZES, PRODUCT_LIMITS, type TSaveProductRequest } from '@laurel/contract';
import { NumberInput, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { catalogueKeys, fetchCategoryOptions, PICKER_DEBOUNCE } from '@/features/products/api';
import {
  parseProductForm,
  sameProductValues,
  type TFormErrors,
  type TProductFormField,
  type TProductFormValues,
} from '@/features/products/catalogue-form-values';
import { FormActions } from '@/features/products/components/form-actions';
import { ImageField } from '@/features/products/components/image-field';
import { useCatalogueForm } from '@/features/products/components/use-catalogue-form';
import { RemoteMultiPicker } from '@/ui/remote-picker';

export type TProductFormProps = {
  label: string;
  initialValues: TProductFormValues;
  currencySymbol: string;
  readOnly?: boolean;
  errors?: TFormErrors<TProductFormField>;
  submitting?: boolean;
  onSubmit: (body: TSaveProductRequest) => void;
};

/** A product: title, SKU, PID, price in the client's currency, image, description and categories. */
export const ProductForm = ({
  label,
  initialValues,
  currencySymbol,
  readOnly = false,
  errors = {},
  submitting = false,
  onSubmit,
}: TProductFormProps) => {
  const form = useCatalogueForm({
    initialValues,
    parse: parseProductForm,
    same: sameProductValues,
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
              label="Title"
              required
              disabled={readOnly}
              maxLength={PRODUCT_LIMITS.titleMaxLength}
              value={values.title}
              onChange={(event) => set('title', event.currentTarget.value)}
              onBlur={() => touch('title')}
              error={errorOf('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label="SKU"
                description="Unique; the import's key"
                required
                disabled={readOnly}
                maxLength={PRODUCT_LIMITS.skuMaxLength}
                autoComplete="off"
                spellCheck={false}
                value={values.sku}
                onChange={(event) => set('sku', event.currentTarget.value)}
                onBlur={() => touch('sku')}
                error={errorOf('sku')}
              />
              <TextInput
                label="PID"
                description="The id in your own systems"
                disabled={readOnly}
                maxLength={PRODUCT_LIMITS.pidMaxLength}
                autoComplete="off"
                spellCheck={false}
                value={values.pid}
                onChange={(event) => set('pid', event.currentTarget.value)}
                onBlur={() => touch('pid')}
                error={errorOf('pid')}
              />
              <NumberInput
                label="Price"
                description="Including VAT"
                required
                disabled={readOnly}
                leftSection={currencySymbol}
                min={0}
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                hideControls
                value={values.price}
                onChange={(value) =>
                  set('price', typeof value === 'number' ? value : value === '' ? '' : Number(value))
                }
                onBlur={() => touch('price')}
                error={errorOf('price')}
              />
            </SimpleGrid>
            <RemoteMultiPicker
              label="Categories"
              placeholder="Search categories"
              queryKey={catalogueKeys.categoryOptions}
              fetchPage={fetchCategoryOptions}
              pageSize={PAGE_SIZES.picker}
              debounceMs={PICKER_DEBOUNCE.categories}
              nothingFound="No categories found"
              disabled={readOnly}
              value={values.categories}
              onChange={(categories) => set('categories', categories)}
              onBlur={() => touch('categories')}
              error={errorOf('categories')}
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
              description={`Image of the product '${values.title.trim() || 'new product'}'`}
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
