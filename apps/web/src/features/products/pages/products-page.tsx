import { formatMoney, PAGE_SIZES, type TProduct } from '@laurel/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFileImport, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { productsListQuery } from '@/features/products/api';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { CatalogueTabs } from '@/features/products/components/catalogue-tabs';
import { Thumbnail } from '@/features/products/components/thumbnail';
import { useDeleteCatalogue } from '@/features/products/components/use-delete-catalogue';
import { productPaths } from '@/features/products/product-paths';
import { mayCreateProducts, mayDeleteProducts } from '@/features/products/product-rules';
import { DataTable, DebouncedSearch, type TableColumn, useTableQuery } from '@/ui/data-table';
import { PageTitle } from '@/ui/page-title';

/** `/console/products`: the catalogue, searched by title, SKU or PID, with add, import and delete. */
export const ProductsPage = () => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(productsListQuery({ page: table.page, size: table.pageSize, search: table.search }));
  const remove = useDeleteCatalogue();
  const products = list.data?.products ?? [];

  // Deleting the last row of a later page leaves an empty page: show the one before it.
  const emptyLaterPage = list.isSuccess && !list.isPlaceholderData && products.length === 0 && table.page > 1;
  const { setPage } = table;
  useEffect(() => {
    if (emptyLaterPage) setPage(table.page - 1);
  }, [emptyLaterPage, setPage, table.page]);

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
      render: (product) => (
        <Anchor
          component={Link}
          to={productPaths.product(product._id)}
          size="sm"
          fw={600}
          c="inherit"
          onClick={(event) => event.stopPropagation()}
        >
          {product.title}
        </Anchor>
      ),
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
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (product) => (
        <Group gap={6} justify="flex-end" wrap="nowrap" mih={28}>
          {mayDeleteProducts(user) && (
            <Tooltip label="Delete" withinPortal>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${product.title}`}
                loading={remove.busyId === product._id}
                onClick={(event) => {
                  event.stopPropagation();
                  remove.confirmProduct(product);
                }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={CATALOGUE_TEXTS.productsTitle} />
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {CATALOGUE_TEXTS.productsTitle}
        </Title>
        <Text c="dimmed">{CATALOGUE_TEXTS.productsSubtitle}</Text>
      </Stack>
      <CatalogueTabs active="products" />
      <DataTable<TProduct>
        columns={columns}
        records={products}
        totalRecords={list.data?.count ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        fetching={list.isFetching}
        pinLastColumn
        filters={
          <DebouncedSearch
            label={CATALOGUE_TEXTS.searchProducts}
            placeholder={CATALOGUE_TEXTS.searchProductsPlaceholder}
            value={table.search}
            onChange={table.setSearch}
          />
        }
        actions={
          mayCreateProducts(user) && (
            <>
              <Button
                component={Link}
                to={productPaths.importProducts}
                variant="default"
                leftSection={<IconFileImport size={18} aria-hidden />}
              >
                {CATALOGUE_TEXTS.importCsv}
              </Button>
              <Button
                component={Link}
                to={productPaths.newProduct}
                leftSection={<IconPlus size={18} aria-hidden />}
              >
                {CATALOGUE_TEXTS.addProduct}
              </Button>
            </>
          )
        }
        onRowClick={(product) => void navigate(productPaths.product(product._id))}
      />
    </Stack>
  );
};
