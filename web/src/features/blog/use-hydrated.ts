import { useSyncExternalStore } from 'react';

const subscribe = (): (() => void) => () => {};

/** False on the server and during hydration, true afterwards and in client-only renders: lets browser-only output follow hydration without a mismatch. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
