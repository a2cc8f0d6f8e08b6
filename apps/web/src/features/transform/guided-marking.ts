import type { RegionElement } from '@facelift/shared';

const storageKey = 'facelift.guidedMarking';

/** Where the elements already guided this session are remembered (a tab's sessionStorage). */
export interface GuidanceStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function readGuided(store: GuidanceStore): RegionElement[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RegionElement[]) : [];
  } catch {
    return [];
  }
}

/**
 * Guided marking (docs/product.md, Marking and selection): with the local engine, the first
 * colour chosen for an element that has no marked region opens the editor on it. Only the
 * first pick per element per session does, so that trying colour after colour is never
 * interrupted again (the Transform button keeps naming what is still unmarked). Returns true
 * when this pick is that first one, and remembers it.
 */
export function takeFirstGuidance(element: RegionElement, store: GuidanceStore | null): boolean {
  if (!store) return false;
  const guided = readGuided(store);
  if (guided.includes(element)) return false;
  try {
    store.setItem(storageKey, JSON.stringify([...guided, element]));
  } catch {
    // A full or blocked storage: guide now anyway; at worst the next pick guides again.
  }
  return true;
}

/** The tab's sessionStorage, or an in-memory stand-in where the browser refuses it. */
export function sessionGuidanceStore(): GuidanceStore {
  try {
    return window.sessionStorage;
  } catch {
    return memoryStore;
  }
}

const memory = new Map<string, string>();
const memoryStore: GuidanceStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => {
    memory.set(key, value);
  },
};
