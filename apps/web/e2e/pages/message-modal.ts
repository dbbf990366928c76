import { expect, type Page } from '@playwright/test';

/** The one modal for failures and successes: a title and the server's message. */
export const expectMessageModal = async (page: Page, title: string, message: string | RegExp) => {
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(message)).toBeVisible();
  return modal;
};

export const closeMessageModal = async (page: Page, title: string) => {
  const modal = page.getByRole('dialog', { name: title });
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toBeHidden();
};
