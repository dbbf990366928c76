import { PAGE_SIZES, PRODUCT_LIMITS, type TSaveProductRequest } from '@laurel/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { catalogueKeys, fetchCategoryOptions, PICKER_DEBOUNCE } from '@/features/products/api';
import {
  parseProductForm,
  sameProductValues,
  type TProductFormField,
  type TProductFormValues,
} from '@/features/products/catalogue-form-values';
import { CatalogueFormFrame } from '@/features/products/components/catalogue-form-frame';
import {
  type TCatalogueFormProps,
  useCatalogueForm,
} from '@/features/products/components/use-catalogue-form';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { RemoteMultiPicker } from '@/ui/remote-picker';

export type TProductFormProps = TCatalogueFormProps<
  TProductFormValues,
  TSaveProductRequest,
  TProductFormField
> & {
  currencySymbol: string;
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
    <CatalogueFormFrame
      label={label}
      form={form}
      readOnly={readOnly}
      submitting={submitting}
      imageDescription={`Image of the product '${values.title.trim() || 'new product'}'`}
    >
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
        <LazyNumberInput
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
    </CatalogueFormFrame>
  );
};
