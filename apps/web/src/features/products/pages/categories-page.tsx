import { PAGE_SIZES, type TProductCategory } from '@laurel/contract';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/api/use-session';
import { categoriesListQuery } from '@/features/products/api';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { CatalogueActions, CatalogueHeading } from '@/features/products/components/catalogue-list-header';
import { Thumbnail } from '@/features/products/components/thumbnail';
import { useDeleteCatalogue } from '@/features/products/components/use-delete-catalogue';
import { productPaths } from '@/features/products/product-paths';
import { mayCreateProducts, mayDeleteProducts } from '@/features/products/product-rules';
import {
  deleteColumn,
  ListPage,
  RowLink,
  type TableColumn,
  usePreviousPageWhenEmpty,
  useTableQuery,
} from '@/ui/data-table';

/** `/console/product-categories`: the catalogue's categories with how many products each holds. */
export const CategoriesPage = () => {
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(
    categoriesListQuery({ page: table.page, size: table.pageSize, search: table.search }),
  );
  const remove = useDeleteCatalogue();
  const categories = list.data?.categories ?? [];

  usePreviousPageWhenEmpty(list, categories, table);

  const columns: TableColumn<TProductCategory>[] = [
    {
      accessor: 'image_url',
      title: 'Image',
      width: 72,
      render: (category) => <Thumbnail src={category.image_url} alt={category.name} />,
    },
    {
      accessor: 'name',
      title: 'Name',
      render: (category) => <RowLink to={productPaths.category(category._id)}>{category.name}</RowLink>,
    },
    {
      accessor: 'description',
      title: 'Description',
      render: (category) => (
        <Text size="sm" c={category.description ? undefined : 'dimmed'} lineClamp={2}>
          {category.description ?? '—'}
        </Text>
      ),
    },
    { accessor: 'product_count', title: 'Products', textAlign: 'right', noWrap: true },
    deleteColumn<TProductCategory>({
      mayDelete: mayDeleteProducts(user),
      nameOf: (category) => category.name,
      busyId: remove.busyId,
      onDelete: remove.confirmCategory,
    }),
  ];

  return (
    <ListPage<TProductCategory>
      heading={<CatalogueHeading list="categories" />}
      table={table}
      count={list.data?.count}
      fetching={list.isFetching}
      columns={columns}
      records={categories}
      search={{
        label: CATALOGUE_TEXTS.searchCategories,
        placeholder: CATALOGUE_TEXTS.searchCategoriesPlaceholder,
      }}
      actions={mayCreateProducts(user) && <CatalogueActions list="categories" />}
      rowPath={(category) => productPaths.category(category._id)}
    />
  );
};
