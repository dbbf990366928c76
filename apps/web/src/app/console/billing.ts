import { COMMON_MESSAGES, getBillingPortal } from '@laurel/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';

/**
 * The billing provider's portal (`GET /api/billing/portal`), in a new tab. The tab opens inside the click, so that
 * the browser does not take it for an unrequested popup, and is pointed at the portal once the server answers.
 */
export const useBillingPortal = () => {
  const portal = useMutation({
    mutationFn: async (returnUrl: string) =>
      unwrap(await http.call(getBillingPortal, { query: { return_url: returnUrl } })).content.url,
    meta: { errorTitle: COMMON_MESSAGES.requestError },
  });

  const open = () => {
    const tab = window.open('', '_blank');
    portal.mutate(window.location.href, {
      onSuccess: (answer) => {
        // The built-in plan page comes as a path: on this console's own address, where its session is.
        const url = new URL(answer, window.location.href).href;
        if (!tab) return window.location.assign(url);
        tab.opener = null;
        tab.location.href = url;
      },
      onError: () => tab?.close(),
    });
  };

  return { open, isPending: portal.isPending };
};
