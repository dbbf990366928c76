import { PAGE_SIZES, type TProductCategory } from '@laurel/contract';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFileImport, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { categoriesListQuery } from '@/features/products/api';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { CatalogueTabs } from '@/features/products/components/catalogue-tabs';
import { Thumbnail } from '@/features/products/components/thumbnail';
import { useDeleteCatalogue } from '@/features/products/components/use-delete-catalogue';
import { productPaths } from '@/features/products/product-paths';
import { mayCreateProducts, mayDeleteProducts } from '@/features/products/product-rules';
import { DataTable, DebouncedSearch, type TableColumn, useTableQuery } from '@/ui/data-table';
import { PageTitle } from '@/ui/page-title';

/** `/console/product-categories`: the catalogue's categories with how many products each holds. */
export const CategoriesPage = () => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(
    categoriesListQuery({ page: table.page, size: table.pageSize, search: table.search }),
  );
  const remove = useDeleteCatalogue();
  const categories = list.data?.categories ?? [];

  const emptyLaterPage =
    list.isSuccess && !list.isPlaceholderData && categories.length === 0 && table.page > 1;
  const { setPage } = table;
  useEffect(() => {
    if (emptyLaterPage) setPage(table.page - 1);
  }, [emptyLaterPage, setPage, table.page]);

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
      render: (category) => (
        <Anchor
          component={Link}
          to={productPaths.category(category._id)}
          size="sm"
          fw={600}
          c="inherit"
          onClick={(event) => event.stopPropagation()}
        >
          {category.name}
        </Anchor>
      ),
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
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (category) => (
        <Group gap={6} justify="flex-end" wrap="nowrap" mih={28}>
          {mayDeleteProducts(user) && (
            <Tooltip label="Delete" withinPortal>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${category.name}`}
                loading={remove.busyId === category._id}
                onClick={(event) => {
                  event.stopPropagation();
                  remove.confirmCategory(category);
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
      <PageTitle title={CATALOGUE_TEXTS.categoriesTitle} />
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {CATALOGUE_TEXTS.categoriesTitle}
        </Title>
        <Text c="dimmed">{CATALOGUE_TEXTS.categoriesSubtitle}</Text>
      </Stack>
      <CatalogueTabs active="categories" />
      <DataTable<TProductCategory>
        columns={columns}
        records={categories}
        totalRecords={list.data?.count ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        fetching={list.isFetching}
        pinLastColumn
        filters={
          <DebouncedSearch
            label={CATALOGUE_TEXTS.searchCategories}
            placeholder={CATALOGUE_TEXTS.searchCategoriesPlaceholder}
            value={table.search}
            onChange={table.setSearch}
          />
        }
        actions={
          mayCreateProducts(user) && (
            <>
              <Button
                component={Link}
                to={productPaths.importCategories}
                variant="default"
                leftSection={<IconFileImport size={18} aria-hidden />}
              >
                {CATALOGUE_TEXTS.importCsv}
              </Button>
              <Button
                component={Link}
                to={productPaths.newCategory}
                leftSection={<IconPlus size={18} aria-hidden />}
              >
                {CATALOGUE_TEXTS.addCategory}
              </Button>
            </>
          )
        }
        onRowClick={(category) => void navigate(productPaths.category(category._id))}
      />
    </Stack>
  );
};
