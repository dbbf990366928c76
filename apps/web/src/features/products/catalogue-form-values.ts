import {
  type TProduct,
  type TProductCategory,
  type TSaveCategoryRequest,
  type TSaveProductRequest,
  ZSaveCategoryRequest,
  ZSaveProductRequest,
} from '@laurel/contract';
import { fieldErrorsIn } from '@/api/field-errors';
import type { TPickerOption } from '@/ui/remote-picker';
import '@/ui/plain-form-messages';

/** What the product editor holds: the price as typed, the categories with their names for the picker. */
export type TProductFormValues = {
  title: string;
  sku: string;
  pid: string;
  price: number | '';
  image_url: string | null;
  description: string;
  categories: TPickerOption[];
};
export type TProductFormField = keyof TProductFormValues;

export type TCategoryFormValues = { name: string; description: string; image_url: string | null };
export type TCategoryFormField = keyof TCategoryFormValues;

export type TFormErrors<F extends string> = Partial<Record<F, string>>;

export const newProductValues = (): TProductFormValues => ({
  title: '',
  sku: '',
  pid: '',
  price: '',
  image_url: null,
  description: '',
  categories: [],
});

export const valuesOfProduct = (product: TProduct): TProductFormValues => ({
  title: product.title,
  sku: product.sku,
  pid: product.pid ?? '',
  price: product.price,
  image_url: product.image_url,
  description: product.description ?? '',
  categories: product.categories.map((category) => ({ value: category._id, label: category.name })),
});

export const newCategoryValues = (): TCategoryFormValues => ({ name: '', description: '', image_url: null });

export const valuesOfCategory = (category: TProductCategory): TCategoryFormValues => ({
  name: category.name,
  description: category.description ?? '',
  image_url: category.image_url,
});

/** The edited flag: Save is enabled only once something differs from what was loaded. */
export const sameProductValues = (a: TProductFormValues, b: TProductFormValues) =>
  a.title === b.title &&
  a.sku === b.sku &&
  a.pid === b.pid &&
  a.price === b.price &&
  a.image_url === b.image_url &&
  a.description === b.description &&
  a.categories.map((option) => option.value).join() === b.categories.map((option) => option.value).join();

export const sameCategoryValues = (a: TCategoryFormValues, b: TCategoryFormValues) =>
  a.name === b.name && a.description === b.description && a.image_url === b.image_url;

type TIssue = { path: PropertyKey[]; message: string };

/** The first message per field; the request's `category_ids` is the form's `categories`. */
const errorsOf = <F extends string>(issues: readonly TIssue[], rename: Record<string, F> = {}) => {
  const errors: TFormErrors<F> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== 'string') continue;
    const field = (rename[key] ?? key) as F;
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};

export type TParsed<B, F extends string> = { ok: true; body: B } | { ok: false; errors: TFormErrors<F> };

/** The request the editor would send, checked by the contract's schema so that fields show the server's messages. */
export const parseProductForm = (
  values: TProductFormValues,
): TParsed<TSaveProductRequest, TProductFormField> => {
  const parsed = ZSaveProductRequest.safeParse({
    title: values.title,
    sku: values.sku,
    pid: values.pid,
    price: values.price === '' ? undefined : values.price,
    image_url: values.image_url,
    description: values.description,
    category_ids: values.categories.map((option) => option.value),
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsOf<TProductFormField>(parsed.error.issues, { category_ids: 'categories' }) };
};

export const parseCategoryForm = (
  values: TCategoryFormValues,
): TParsed<TSaveCategoryRequest, TCategoryFormField> => {
  const parsed = ZSaveCategoryRequest.safeParse(values);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsOf<TCategoryFormField>(parsed.error.issues) };
};

/** A 400's `content.errors` placed on the editor's fields. */
export const serverErrorsOf = <F extends string>(
  content: unknown,
  fields: readonly F[],
  rename: Record<string, F> = {},
): TFormErrors<F> => {
  const errors: TFormErrors<F> = {};
  for (const { field, message } of fieldErrorsIn(content)) {
    const name = (rename[field] ?? field) as F;
    if (fields.includes(name) && errors[name] === undefined) errors[name] = message;
  }
  return errors;
};
