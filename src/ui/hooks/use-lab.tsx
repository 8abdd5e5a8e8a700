/**
 * React access to the lab store: a context carrying the vanilla store and a
 * selector hook (zustand's useStore), so components re-render only on what they read.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { LabStore } from '../../state/store';
import type { LabState } from '../../state/types';

const LabContext = createContext<LabStore | null>(null);

export function LabProvider({ store, children }: { store: LabStore; children: ReactNode }) {
  return <LabContext.Provider value={store}>{children}</LabContext.Provider>;
}

/** The store itself (for actions and imperative reads). */
export function useLabStore(): LabStore {
  const store = useContext(LabContext);
  if (!store) throw new Error('useLab outside LabProvider');
  return store;
}

/** Select a part of the lab state. */
export function useLab<T>(selector: (s: LabState) => T): T {
  return useStore(useLabStore(), selector);
}
