import { lazyComponent } from '@/ui/lazy-component';

/**
 * A page component loaded on first use. Each route points at its own page module, so that a route's first load
 * holds only its page (build-tools/bundle-budget.mjs measures each); app/preload-route.ts starts loading it beside
 * the layout around it.
 */
export const lazyPage = lazyComponent;
