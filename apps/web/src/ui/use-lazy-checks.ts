import { useEffect } from 'react';
import type { TLazyModule } from '@/ui/lazy-module';

/**
 * A form's checks (the contract's zod schemas, which weigh about 26 KB) loaded once something is edited, not with
 * the page: until then there is nothing to check, and Save stays disabled. A save awaits them (`checks.get()`).
 */
export const useLazyChecks = <TModule>(checks: TLazyModule<TModule>, edited: boolean) => {
  const loaded = checks.use();
  useEffect(() => {
    if (edited) void checks.load();
  }, [checks, edited]);
  return loaded;
};
