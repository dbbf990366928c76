import { type PointerEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { TLazyModule } from '@/ui/lazy-module';

/** What the stand-in was asked for before the code arrived: nothing, the focus, or a press (open it). */
export type TLazyIntent = 'focus' | 'open' | null;

/** Types `text` into an input as the user would have: React's onChange sees it and the field parses it. */
const replayTyping = (input: HTMLInputElement, text: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * A field whose code (a Mantine input with its dropdowns) loads on the first hover, focus or press of a stand-in
 * that looks the same: the page's first load stays small, and nothing the user does in between is lost. When the
 * code arrives the real field takes the stand-in's place: it takes the focus if the stand-in had it, gets the text
 * typed meanwhile (as typing, so that it parses it), and `pressed` says whether a press is still to be answered.
 */
export const useLazyField = <TModule, TElement extends HTMLElement = HTMLInputElement>(
  code: TLazyModule<TModule>,
) => {
  const loaded = code.use();
  const intent = useRef<TLazyIntent>(null);
  const element = useRef<TElement>(null);
  const typed = useRef<string | null>(null);
  // The stand-in's input, kept when it leaves the page: the real field takes over its selection (a field selected
  // whole to be typed over stays so), whatever the events that set it.
  const standInInput = useRef<HTMLInputElement | null>(null);
  const standInRef = useCallback((node: HTMLInputElement | null) => {
    if (node) standInInput.current = node;
  }, []);
  const [draft, setDraft] = useState<string | null>(null);
  const replaced = useRef(false);
  const swapped = loaded !== undefined;

  useLayoutEffect(() => {
    const target = element.current;
    if (!swapped || !target) return;
    if (intent.current) target.focus();
    if (typed.current !== null && target instanceof HTMLInputElement) replayTyping(target, typed.current);
    else if (intent.current && target instanceof HTMLInputElement) {
      const { selectionStart, selectionEnd } = standInInput.current ?? {};
      if (typeof selectionStart === 'number' && typeof selectionEnd === 'number')
        target.setSelectionRange(selectionStart, selectionEnd);
    }
    typed.current = null;
  }, [swapped]);
  // Set as the real field renders, before the commit removes the stand-in: a blur its removal fires is not the user's.
  if (swapped) replaced.current = true;

  const load = () => void code.load();
  const standIn = {
    onPointerEnter: load,
    onFocus: () => {
      intent.current ??= 'focus';
      load();
    },
    onBlur: () => {
      // Left before the code arrived: the field must not take the focus back when it does.
      if (!replaced.current) intent.current = null;
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      intent.current = 'open';
      // A cancelled press (a scroll that began on the field) asked for nothing.
      const cancel = () => {
        if (!replaced.current) intent.current = null;
      };
      window.addEventListener('pointercancel', cancel, { once: true });
      window.addEventListener('pointerup', () => window.removeEventListener('pointercancel', cancel), {
        once: true,
      });
      load();
    },
  };
  /** Text typed in the stand-in: shown there, and given to the real field when it arrives. */
  const type = (text: string) => {
    typed.current = text;
    setDraft(text);
    load();
  };
  return { loaded, intent, element, standIn, standInRef, draft, type };
};
