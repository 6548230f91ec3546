// The part of the Reflect metadata API that tsyringe uses (in place of reflect-metadata's full polyfill):
// with emitDecoratorMetadata off (tsconfig.json) tsyringe reads and writes only its own keys with Reflect.getMetadata,
// getOwnMetadata and defineMetadata, and checks that getMetadata exists when it loads. An ordinary import, first in
// index.html, ui/main.tsx and ui/entry-server.tsx; the build puts it in the vendor chunk with tsyringe, before it
// (vite.config.ts codeSplitting). Tests keep `import "reflect-metadata"` (tests/support/setup.ts).

type Target = object;
const metadata = new WeakMap<Target, Map<PropertyKey | undefined, Map<unknown, unknown>>>();

const tableOf = (target: Target, property: PropertyKey | undefined, create: boolean): Map<unknown, unknown> | undefined => {
  let byProperty = metadata.get(target);
  if (!byProperty && create) metadata.set(target, (byProperty = new Map()));
  let table = byProperty?.get(property);
  if (!table && create) byProperty!.set(property, (table = new Map()));
  return table;
};

/** Reflect.defineMetadata(key, value, target, property?): stores `value` under `key` on `target` (and `property`). */
const defineMetadata = (key: unknown, value: unknown, target: Target, property?: PropertyKey): void => {
  tableOf(target, property, true)!.set(key, value);
};
/** Reflect.getOwnMetadata(key, target, property?): the value stored on `target` itself, else undefined. */
const getOwnMetadata = (key: unknown, target: Target, property?: PropertyKey): unknown => tableOf(target, property, false)?.get(key);
/** Reflect.getMetadata(key, target, property?): the value stored on `target` or the nearest of its prototypes, else undefined. */
const getMetadata = (key: unknown, target: Target, property?: PropertyKey): unknown => {
  for (let current: Target | null = target; current; current = Object.getPrototypeOf(current) as Target | null) {
    const table = tableOf(current, property, false);
    if (table?.has(key)) return table.get(key);
  }
  return undefined;
};

const reflect = Reflect as unknown as Record<string, unknown>;
if (typeof reflect["getMetadata"] !== "function") {
  Object.assign(reflect, {
    defineMetadata,
    getOwnMetadata,
    getMetadata,
    hasMetadata: (key: unknown, target: Target, property?: PropertyKey) => getMetadata(key, target, property) !== undefined,
    hasOwnMetadata: (key: unknown, target: Target, property?: PropertyKey) => tableOf(target, property, false)?.has(key) ?? false,
    metadata: (key: unknown, value: unknown) => (target: Target, property?: PropertyKey) => defineMetadata(key, value, target, property),
  });
}

export {};
