/** The class a modal's root carries when the page behind it is to be hidden while it is open. */
export const HIDES_PAGE_CLASS = 'laurel-hides-page';
const MODAL_DIALOG = `.${HIDES_PAGE_CLASS} [role="dialog"][aria-modal="true"]`;

/**
 * While a modal dialog that asks for it is open (the confirms of ui/confirm-modal.tsx), the page behind it is inert: out of the accessibility tree and out of reach of the
 * keyboard and pointer, as the WAI-ARIA modal dialog pattern asks. Mantine traps focus in a modal but leaves the
 * page behind it exposed, so a screen reader (or a test naming a confirm's 'Delete') also found every row's
 * 'Delete …' behind it. Mantine renders dialogs in a portal on <body>, outside the app's root, so making the root
 * inert (and aria-hidden, which is what assistive technology and Playwright's role queries read) leaves every open
 * dialog, menu and notification usable.
 *
 * Only the confirms ask: other dialogs (a notice over the log-in page, a form over a list) keep the page behind them
 * readable, as the journeys and people reading it beside the dialog expect.
 *
 * Mantine returns focus to the opener while the dialog's exit transition still holds the root inert, which a browser
 * refuses; so the element that had focus when the first dialog opened gets it back once the root is live again.
 */
export const installInertBehindModals = (root: HTMLElement) => {
  let returnTo: HTMLElement | null = null;
  const update = () => {
    const open = [...document.querySelectorAll(MODAL_DIALOG)].some((dialog) => !root.contains(dialog));
    const inert = root.hasAttribute('inert');
    if (open && !inert) {
      const active = document.activeElement;
      returnTo = active instanceof HTMLElement && root.contains(active) ? active : null;
      // inert first: it takes focus out of the root, so that aria-hidden never hides a focused element.
      root.setAttribute('inert', '');
      root.setAttribute('aria-hidden', 'true');
    } else if (!open && inert) {
      root.removeAttribute('inert');
      root.removeAttribute('aria-hidden');
      const focused = document.activeElement;
      if (returnTo?.isConnected && (!focused || focused === document.body))
        returnTo.focus({ preventScroll: true });
      returnTo = null;
    }
  };
  const observer = new MutationObserver(update);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['role', 'aria-modal'],
  });
  update();
  return () => {
    observer.disconnect();
    root.removeAttribute('inert');
    root.removeAttribute('aria-hidden');
  };
};
