import { afterEach, describe, expect, it } from 'vitest';
import { HIDES_PAGE_CLASS, installInertBehindModals } from '@/ui/inert-behind-modals';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the page behind a modal dialog', () => {
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  const page = () => {
    const root = document.createElement('div');
    const opener = document.createElement('button');
    opener.textContent = 'Delete Espresso';
    root.append(opener);
    document.body.append(root);
    uninstall = installInertBehindModals(root);
    return { root, opener };
  };

  /** A Mantine modal as it renders: a root (with the class when asked) in a portal, holding the dialog. */
  const openDialog = (hidesPage = true) => {
    const dialog = document.createElement('div');
    if (hidesPage) dialog.className = HIDES_PAGE_CLASS;
    const content = document.createElement('section');
    content.setAttribute('role', 'dialog');
    content.setAttribute('aria-modal', 'true');
    const confirm = document.createElement('button');
    confirm.textContent = 'Delete';
    content.append(confirm);
    dialog.append(content);
    document.body.append(dialog);
    return { dialog, confirm };
  };

  it('is inert while a modal dialog is open, and its focus comes back to the opener after', async () => {
    const { root, opener } = page();
    opener.focus();
    const { dialog, confirm } = openDialog();
    await settle();
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.getAttribute('aria-hidden')).toBe('true');
    confirm.focus();
    dialog.remove();
    await settle();
    expect(root.hasAttribute('inert')).toBe(false);
    expect(root.hasAttribute('aria-hidden')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('stays inert until the last of two stacked dialogs closes', async () => {
    const { root } = page();
    const first = openDialog();
    const second = openDialog();
    await settle();
    second.dialog.remove();
    await settle();
    expect(root.hasAttribute('inert')).toBe(true);
    first.dialog.remove();
    await settle();
    expect(root.hasAttribute('inert')).toBe(false);
  });

  it('is left alone by a modal that does not ask, one that is not modal, and one inside the page', async () => {
    const { root } = page();
    openDialog(false);
    const popover = document.createElement('div');
    popover.className = HIDES_PAGE_CLASS;
    popover.innerHTML = '<div role="dialog"></div>';
    document.body.append(popover);
    const inside = document.createElement('div');
    inside.className = HIDES_PAGE_CLASS;
    inside.innerHTML = '<div role="dialog" aria-modal="true"></div>';
    root.append(inside);
    await settle();
    expect(root.hasAttribute('inert')).toBe(false);
  });
});
