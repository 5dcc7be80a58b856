/**
 * The chart's latest snapshot, so that the pool header's live price re-renders on each push without
 * re-rendering the whole page: a zustand store (the house's one kind of client store, see
 * docs/architecture.md) made per chart, behind a small get/set/subscribe face.
 */
import { useStore as useZustandStore } from 'zustand';
import { createStore as createZustandStore, type StoreApi } from 'zustand/vanilla';

export interface Store<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
  readonly api: StoreApi<{ value: T }>;
}

export function createStore<T>(initial: T): Store<T> {
  const api = createZustandStore<{ value: T }>(() => ({ value: initial }));
  return {
    api,
    get: () => api.getState().value,
    set: (next) => {
      if (!Object.is(next, api.getState().value)) api.setState({ value: next });
    },
    subscribe: (listener) => api.subscribe(() => listener()),
  };
}

export function useStore<T>(store: Store<T>): T {
  return useZustandStore(store.api, (s) => s.value);
}
