import {
  BUTTON_LABELS,
  CATALOGUE_MESSAGES,
  COMMON_MESSAGES,
  type TProduct,
  type TProductCategory,
} from '@laurel/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useDeleteCategory, useDeleteProduct } from '@/features/products/api';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { openMessageModal } from '@/ui/message-modal';

/** Delete a product or a category after a confirmation; the server says why it refuses (a subscription uses it). */
export const useDeleteCatalogue = (onDeleted?: () => void) => {
  const product = useDeleteProduct();
  const category = useDeleteCategory();
  const done = (message: string) => {
    openMessageModal({ title: COMMON_MESSAGES.success, message });
    onDeleted?.();
  };
  return {
    confirmProduct: (item: Pick<TProduct, '_id' | 'title'>) =>
      modals.openConfirmModal({
        title: CATALOGUE_TEXTS.deleteProductTitle(item.title),
        children: <Text size="sm">{CATALOGUE_TEXTS.deleteProductText}</Text>,
        labels: { confirm: 'Delete', cancel: BUTTON_LABELS.cancel },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          product.mutate(item._id, {
            onSuccess: (result) => done(result.message || CATALOGUE_MESSAGES.productDeleted),
          }),
      }),
    confirmCategory: (item: Pick<TProductCategory, '_id' | 'name'>) =>
      modals.openConfirmModal({
        title: CATALOGUE_TEXTS.deleteCategoryTitle(item.name),
        children: <Text size="sm">{CATALOGUE_TEXTS.deleteCategoryText}</Text>,
        labels: { confirm: 'Delete', cancel: BUTTON_LABELS.cancel },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          category.mutate(item._id, {
            onSuccess: (result) => done(result.message || CATALOGUE_MESSAGES.categoryDeleted),
          }),
      }),
    busyId: product.isPending ? product.variables : category.isPending ? category.variables : undefined,
  };
};
