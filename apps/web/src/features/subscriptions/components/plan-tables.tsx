import { formatMoney, PAGE_SIZES, type TRedemption, type TSubscriptionDetails } from '@laurel/contract';
import { Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '@/api/use-session';
import { subscriptionRedemptionsQuery } from '@/features/subscriptions/api';
import { PlanImage } from '@/features/subscriptions/components/plan-image';
import {
  displayDate,
  REDEMPTION_METHOD_LABELS,
  SUBSCRIPTION_TEXTS,
} from '@/features/subscriptions/subscription-format';
import { branchScopeOf } from '@/features/subscriptions/subscription-rules';
import { DataTable, type TableColumn } from '@/ui/data-table';
import { SectionCard } from '@/ui/section-card';

type TProduct = TSubscriptionDetails['product_details'][number];

/** The plan's products: image, SKU, PID, title, price (spec 1 §2.14). */
export const PlanProducts = ({ plan, symbol }: { plan: TSubscriptionDetails; symbol: string }) => {
  const products = [...plan.primary_product_details, ...plan.product_details].filter(
    (product, index, all) => all.findIndex((other) => other._id === product._id) === index,
  );
  const columns: TableColumn<TProduct>[] = [
    {
      accessor: 'image_url',
      title: 'Image',
      width: 80,
      render: (product) => <PlanImage src={product.image_url} alt={product.title} icon={IconPhoto} />,
    },
    { accessor: 'sku', title: 'SKU', noWrap: true },
    { accessor: 'pid', title: 'PID', noWrap: true, render: (product) => product.pid ?? '—' },
    { accessor: 'title', title: 'Title' },
    {
      accessor: 'price',
      title: 'Price',
      textAlign: 'right',
      noWrap: true,
      render: (product) => formatMoney(product.price, symbol),
    },
  ];
  if (products.length === 0) return null;
  return (
    <SectionCard title={SUBSCRIPTION_TEXTS.products}>
      <DataTable<TProduct>
        columns={columns}
        records={products}
        totalRecords={products.length}
        page={1}
        pageSize={Math.max(products.length, 1)}
        onPageChange={() => {}}
      />
    </SectionCard>
  );
};

/** The plan's redemptions: branch, price, method, date (spec 1 §2.14), newest first. */
export const PlanRedemptions = ({ id, symbol }: { id: string; symbol: string }) => {
  const user = useSession()?.user;
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.reports;
  const list = useQuery(subscriptionRedemptionsQuery(id, page, size, branchScopeOf(user)));
  const columns: TableColumn<TRedemption>[] = [
    {
      accessor: 'customer',
      title: 'Customer',
      render: (row) => `${row.customer.name} ${row.customer.surname}`,
    },
    { accessor: 'branch', title: 'Branch', render: (row) => row.branch?.display_name ?? '—' },
    {
      accessor: 'product',
      title: 'Product',
      render: (row) =>
        row.product ? (
          row.product.title
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      accessor: 'price',
      title: 'Price',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatMoney(row.price, symbol),
    },
    {
      accessor: 'redemption_method',
      title: 'Redemption Method',
      render: (row) => REDEMPTION_METHOD_LABELS[row.redemption_method],
    },
    {
      accessor: 'redemption_date',
      title: 'Redemption Date',
      noWrap: true,
      render: (row) => displayDate(row.redemption_date),
    },
  ];
  return (
    <SectionCard title={SUBSCRIPTION_TEXTS.redemptions}>
      <DataTable<TRedemption>
        columns={columns}
        records={list.data?.redemptions ?? []}
        totalRecords={list.data?.count ?? 0}
        page={page}
        pageSize={size}
        onPageChange={setPage}
        fetching={list.isFetching}
        emptyText={SUBSCRIPTION_TEXTS.noRedemptions}
      />
    </SectionCard>
  );
};
