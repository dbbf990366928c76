import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * A dialog kept in the address as `?{param}={value}`, so that Back closes it and a link opens it. Closing goes back
 * when this page opened it (no extra history entry is left), else drops the parameter.
 */
export const useDialogParam = (param: string) => {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  return {
    value: params.get(param),
    open: (value: string) => {
      const next = new URLSearchParams(params);
      next.set(param, value);
      setParams(next, { state: { dialogOpenedHere: param } });
    },
    close: () => {
      if ((location.state as { dialogOpenedHere?: string } | null)?.dialogOpenedHere === param)
        return void navigate(-1);
      const next = new URLSearchParams(params);
      next.delete(param);
      setParams(next, { replace: true });
    },
  };
};
