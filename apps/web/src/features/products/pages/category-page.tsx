import {
  CATALOGUE_MESSAGES,
  COMMON_MESSAGES,
  type TProductCategory,
  type TSaveCategoryRequest,
} from '@laurel/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/http-client';
import { useSession } from '@/api/use-session';
import { categoryQuery, useSaveCategory } from '@/features/products/api';
import {
  newCategoryValues,
  serverErrorsOf,
  type TCategoryFormField,
  type TFormErrors,
  valuesOfCategory,
} from '@/features/products/catalogue-form-values';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { CategoryForm } from '@/features/products/components/category-form';
import { useDeleteCatalogue } from '@/features/products/components/use-delete-catalogue';
import { productPaths } from '@/features/products/product-paths';
import { mayCreateProducts, mayDeleteProducts, mayUpdateProducts } from '@/features/products/product-rules';
import { BackButton, DeleteButton, ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';

const CATEGORY_FIELDS: TCategoryFormField[] = ['name', 'description', 'image_url'];

const CategoryEditor = ({ category }: { category: TProductCategory | null }) => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const save = useSaveCategory();
  const remove = useDeleteCatalogue(() => void navigate(productPaths.categories, { replace: true }));
  const [serverErrors, setServerErrors] = useState<TFormErrors<TCategoryFormField>>({});
  const isNew = category === null;
  const title = isNew ? CATALOGUE_TEXTS.newCategory : CATALOGUE_TEXTS.editCategory;
  const readOnly = isNew ? !mayCreateProducts(user) : !mayUpdateProducts(user);

  const submit = (body: TSaveCategoryRequest) => {
    setServerErrors({});
    save.mutate(
      { id: category?._id ?? null, body },
      {
        onSuccess: (result) => {
          openMessageModal({
            title: COMMON_MESSAGES.success,
            message: result.message || CATALOGUE_MESSAGES.categorySaved,
          });
          if (isNew) void navigate(productPaths.category(result.content._id), { replace: true });
        },
        onError: (error) =>
          setServerErrors(
            error instanceof ApiError && error.status === 400
              ? serverErrorsOf(error.content, CATEGORY_FIELDS)
              : {},
          ),
      },
    );
  };

  return (
    <Stack gap="lg" maw={960}>
      <PageTitle title={category ? `${category.name} | ${title}` : title} />
      <Stack gap="sm">
        <BackButton to={productPaths.categories}>{CATALOGUE_TEXTS.backToCategories}</BackButton>
        <Group justify="space-between" align="center">
          <Stack gap={2}>
            <Title order={1} fz="h2">
              {category ? category.name : title}
            </Title>
            {category && (
              <Text size="sm" c="dimmed">
                {category.product_count} {category.product_count === 1 ? 'product' : 'products'}
              </Text>
            )}
          </Stack>
          {category && mayDeleteProducts(user) && (
            <DeleteButton
              loading={remove.busyId === category._id}
              onClick={() => remove.confirmCategory(category)}
            />
          )}
        </Group>
      </Stack>
      {readOnly && (
        <ReadOnlyNote>
          You may view this category; changing it needs the Products permission to {isNew ? 'add' : 'edit'}.
        </ReadOnlyNote>
      )}
      <CategoryForm
        key={category ? `${category._id}:${category.updated_at}` : 'new'}
        label={title}
        initialValues={category ? valuesOfCategory(category) : newCategoryValues()}
        readOnly={readOnly}
        errors={serverErrors}
        submitting={save.isPending}
        onSubmit={submit}
      />
    </Stack>
  );
};

const ExistingCategory = ({ id }: { id: string }) => {
  const category = useQuery(categoryQuery(id));
  useBackToListWhenFailed(category.isError, productPaths.categories);
  if (!category.data) return <PageLoader label="Loading the category" />;
  return <CategoryEditor category={category.data} />;
};

/** `/console/product-categories/new` and `/console/product-categories/:categoryId`. */
export const CategoryPage = () => {
  const { categoryId } = useParams();
  if (!categoryId || categoryId === 'new') return <CategoryEditor category={null} />;
  return <ExistingCategory key={categoryId} id={categoryId} />;
};
