import { CATALOGUE_MESSAGES, COMMON_MESSAGES, type TProduct, type TProductCategory } from '@laurel/contract';
import { useDeleteCategory, useDeleteProduct } from '@/features/products/api';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { openConfirmModal } from '@/ui/confirm-modal';
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
      openConfirmModal({
        title: CATALOGUE_TEXTS.deleteProductTitle(item.title),
        text: CATALOGUE_TEXTS.deleteProductText,
        onConfirm: () =>
          product.mutate(item._id, {
            onSuccess: (result) => done(result.message || CATALOGUE_MESSAGES.productDeleted),
          }),
      }),
    confirmCategory: (item: Pick<TProductCategory, '_id' | 'name'>) =>
      openConfirmModal({
        title: CATALOGUE_TEXTS.deleteCategoryTitle(item.name),
        text: CATALOGUE_TEXTS.deleteCategoryText,
        onConfirm: () =>
          category.mutate(item._id, {
            onSuccess: (result) => done(result.message || CATALOGUE_MESSAGES.categoryDeleted),
          }),
      }),
    busyId: product.isPending ? product.variables : category.isPending ? category.variables : undefined,
  };
};
