import {
  CATALOGUE_MESSAGES,
  COMMON_MESSAGES,
  type TProduct,
  type TSaveProductRequest,
} from '@laurel/contract';
import { Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/http-client';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { productQuery, useSaveProduct } from '@/features/products/api';
import {
  newProductValues,
  serverErrorsOf,
  type TFormErrors,
  type TProductFormField,
  valuesOfProduct,
} from '@/features/products/catalogue-form-values';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { ProductForm } from '@/features/products/components/product-form';
import { useDeleteCatalogue } from '@/features/products/components/use-delete-catalogue';
import { productPaths } from '@/features/products/product-paths';
import { mayCreateProducts, mayDeleteProducts, mayUpdateProducts } from '@/features/products/product-rules';
import { BackButton, DeleteButton, ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';

const PRODUCT_FIELDS: TProductFormField[] = [
  'title',
  'sku',
  'pid',
  'price',
  'image_url',
  'description',
  'categories',
];

const ProductEditor = ({ product }: { product: TProduct | null }) => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const save = useSaveProduct();
  const remove = useDeleteCatalogue(() => void navigate(productPaths.products, { replace: true }));
  const [serverErrors, setServerErrors] = useState<TFormErrors<TProductFormField>>({});
  const isNew = product === null;
  const title = isNew ? CATALOGUE_TEXTS.newProduct : CATALOGUE_TEXTS.editProduct;
  const readOnly = isNew ? !mayCreateProducts(user) : !mayUpdateProducts(user);

  const submit = (body: TSaveProductRequest) => {
    setServerErrors({});
    save.mutate(
      { id: product?._id ?? null, body },
      {
        onSuccess: (result) => {
          openMessageModal({
            title: COMMON_MESSAGES.success,
            message: result.message || CATALOGUE_MESSAGES.productSaved,
          });
          // A new product opens as itself, so that Back does not return to an empty form.
          if (isNew) void navigate(productPaths.product(result.content._id), { replace: true });
        },
        onError: (error) =>
          setServerErrors(
            error instanceof ApiError && error.status === 400
              ? serverErrorsOf(error.content, PRODUCT_FIELDS, { category_ids: 'categories' })
              : {},
          ),
      },
    );
  };

  return (
    <Stack gap="lg" maw={960}>
      <PageTitle title={product ? `${product.title} | ${title}` : title} />
      <Stack gap="sm">
        <BackButton to={productPaths.products}>{CATALOGUE_TEXTS.backToProducts}</BackButton>
        <Group justify="space-between" align="center">
          <Title order={1} fz="h2">
            {product ? product.title : title}
          </Title>
          {product && mayDeleteProducts(user) && (
            <DeleteButton
              loading={remove.busyId === product._id}
              onClick={() => remove.confirmProduct(product)}
            />
          )}
        </Group>
      </Stack>
      {readOnly && (
        <ReadOnlyNote>
          You may view this product; changing it needs the Products permission to {isNew ? 'add' : 'edit'}.
        </ReadOnlyNote>
      )}
      <ProductForm
        key={product ? `${product._id}:${product.updated_at}` : 'new'}
        label={title}
        initialValues={product ? valuesOfProduct(product) : newProductValues()}
        currencySymbol={symbol}
        readOnly={readOnly}
        errors={serverErrors}
        submitting={save.isPending}
        onSubmit={submit}
      />
    </Stack>
  );
};

const ExistingProduct = ({ id }: { id: string }) => {
  const product = useQuery(productQuery(id));
  useBackToListWhenFailed(product.isError, productPaths.products);
  if (!product.data) return <PageLoader label="Loading the product" />;
  return <ProductEditor product={product.data} />;
};

/** `/console/products/new` and `/console/products/:productId`. */
export const ProductPage = () => {
  const { productId } = useParams();
  if (!productId || productId === 'new') return <ProductEditor product={null} />;
  return <ExistingProduct key={productId} id={productId} />;
};
