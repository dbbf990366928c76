import { useSearchParams } from 'react-router';

/**
 * A dialog opened by `?action=<action>` (STYLE: dialogs are routes or search params), so Back closes it and a link
 * opens it. Opening pushes a history entry; closing replaces it.
 */
export const useActionDialog = (action: string) => {
  const [params, setParams] = useSearchParams();
  const set = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('action', action);
        else next.delete('action');
        return next;
      },
      { replace: !open },
    );
  return { opened: params.get('action') === action, open: () => set(true), close: () => set(false) };
};
