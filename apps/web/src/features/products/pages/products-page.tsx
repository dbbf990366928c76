import { formatMoney, PAGE_SIZES, type TProduct } from '@laurel/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { productsListQuery } from '@/features/products/api';
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

/** `/console/products`: the catalogue, searched by title, SKU or PID, with add, import and delete. */
export const ProductsPage = () => {
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(productsListQuery({ page: table.page, size: table.pageSize, search: table.search }));
  const remove = useDeleteCatalogue();
  const products = list.data?.products ?? [];

  usePreviousPageWhenEmpty(list, products, table);

  const columns: TableColumn<TProduct>[] = [
    {
      accessor: 'image_url',
      title: 'Image',
      width: 72,
      render: (product) => <Thumbnail src={product.image_url} alt={product.title} />,
    },
    {
      accessor: 'title',
      title: 'Title',
      render: (product) => <RowLink to={productPaths.product(product._id)}>{product.title}</RowLink>,
    },
    { accessor: 'sku', title: 'SKU', noWrap: true },
    { accessor: 'pid', title: 'PID', noWrap: true, render: (product) => product.pid ?? '—' },
    {
      accessor: 'price',
      title: 'Price',
      textAlign: 'right',
      noWrap: true,
      render: (product) => formatMoney(product.price, symbol),
    },
    {
      accessor: 'categories',
      title: 'Categories',
      render: (product) =>
        product.categories.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Group gap={4}>
            {product.categories.map((category) => (
              <Badge key={category._id} variant="light" color="gray" tt="none" fw={500}>
                {category.name}
              </Badge>
            ))}
          </Group>
        ),
    },
    deleteColumn<TProduct>({
      mayDelete: mayDeleteProducts(user),
      nameOf: (product) => product.title,
      busyId: remove.busyId,
      onDelete: remove.confirmProduct,
    }),
  ];

  return (
    <ListPage<TProduct>
      heading={<CatalogueHeading list="products" />}
      table={table}
      count={list.data?.count}
      fetching={list.isFetching}
      columns={columns}
      records={products}
      search={{
        label: CATALOGUE_TEXTS.searchProducts,
        placeholder: CATALOGUE_TEXTS.searchProductsPlaceholder,
      }}
      actions={mayCreateProducts(user) && <CatalogueActions list="products" />}
      rowPath={(product) => productPaths.product(product._id)}
    />
  );
};
