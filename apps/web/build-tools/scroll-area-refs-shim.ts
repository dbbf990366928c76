// What Mantine's ScrollArea imports from `@floating-ui/react` (scroll-area-refs.ts): one callback ref for several.
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

export const useMergeRefs = <T>(refs: (Ref<T> | undefined)[]) => useMergedRef<T>(...refs);
