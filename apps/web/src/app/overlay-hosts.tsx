import type { ModalsProviderProps } from '@mantine/modals';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

/*
 * Modals and notifications are code no page needs for its first paint (Modal, its scroll area and focus trap,
 * the notification stack): they load the first time something opens one, which keeps them out of every route's
 * first load. In component tests they load at once, so that a test need not wait for them.
 */

const ModalsProvider = lazy(async () => ({ default: (await import('@/app/overlays')).ModalsProvider }));
const Notifications = lazy(async () => ({ default: (await import('@/app/overlays')).Notifications }));

/** The window events `modals.open()`, `modals.close()` and the rest send to the ModalsProvider. */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

/**
 * Events sent before the provider listens, sent again once it does, in order. Held from the moment this module
 * loads, not from the host's first effect: a request started before the first render (main.tsx) can end the
 * session and open a notice while the first render is still going on.
 */
const heldEvents: CustomEvent[] = [];
let providerListening = false;
let modalsWanted = false;
let wantModals: (() => void) | undefined;
const hold = (event: Event) => {
  if (providerListening) return;
  heldEvents.push(event as CustomEvent);
  modalsWanted = true;
  wantModals?.();
};
if (typeof window !== 'undefined') {
  for (const type of MODAL_EVENTS) window.addEventListener(type, hold);
}

/** Mounted after the provider, so its effect runs once the provider's listeners are in place. */
const ReplayHeldEvents = () => {
  useEffect(() => {
    providerListening = true;
    for (const event of heldEvents.splice(0)) {
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    }
    // Unmounted (a test's app torn down), nobody listens again until the next provider does.
    return () => {
      providerListening = false;
    };
  }, []);
  return null;
};

export const ModalsHost = ({ labels, eager }: Pick<ModalsProviderProps, 'labels'> & { eager: boolean }) => {
  const [needed, setNeeded] = useState(eager || modalsWanted);
  useEffect(() => {
    wantModals = () => setNeeded(true);
    if (modalsWanted) setNeeded(true);
    return () => {
      wantModals = undefined;
    };
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider labels={labels} />
      <ReplayHeldEvents />
    </Suspense>
  );
};

/** `notifications.show()` fills Mantine's store whether or not the stack is mounted; the stack then shows them. */
export const NotificationsHost = ({ eager }: { eager: boolean }) => {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(eager);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
};
