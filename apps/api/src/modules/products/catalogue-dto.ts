import { fromMinorUnits, type TProduct, type TProductCategory } from '@laurel/contract';
import type { CategoryRow, ProductRow } from './products.queries';

export const toProduct = (row: ProductRow, categories: { _id: string; name: string }[]): TProduct => ({
  _id: row.id,
  title: row.title,
  sku: row.sku,
  pid: row.pid,
  price: fromMinorUnits(row.priceMinor),
  image_url: row.imageUrl,
  description: row.description,
  category_ids: categories.map((category) => category._id),
  categories,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const toCategory = (row: CategoryRow, productCount: number): TProductCategory => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  image_url: row.imageUrl,
  product_count: productCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
