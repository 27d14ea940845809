import type { RefContext, StateSlice, StateStore } from './types.js';

export interface ResettableStateStore extends StateStore {
  /** Drops every slice; each is rebuilt from its `init` on next use. */
  reset(): void;
  /** Late binding: the context holds the store, and slices are built with the context. */
  bind(ctx: RefContext): void;
}

export function createStateStore(): ResettableStateStore {
  const slices = new Map<string, unknown>();
  let context: RefContext | undefined;
  return {
    get<S>(slice: StateSlice<S>): S {
      if (!slices.has(slice.key)) {
        if (!context) throw new Error('state store used before it was bound to a context');
        slices.set(slice.key, slice.init(context));
      }
      return slices.get(slice.key) as S;
    },
    reset: () => slices.clear(),
    bind: (ctx) => {
      context = ctx;
    },
  };
}

/** Declares a slice; the key must be unique across groups. */
export function defineSlice<S>(key: string, init: (ctx: RefContext) => S): StateSlice<S> {
  return { key, init };
}

/** A slice whose objects are numbered by a counter, so ids are the same in every run. */
export interface NumberedSlice {
  nextNumber: number;
}

/** Builds the slice's next object with its number as the id (shaped by `idOf`), and counts on. */
export function buildNumbered<T>(state: NumberedSlice, build: (id: string) => T, idOf: (n: number) => string = String): T {
  const made = build(idOf(state.nextNumber));
  state.nextNumber += 1;
  return made;
}
