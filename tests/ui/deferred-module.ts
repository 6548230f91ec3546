/**
 * A lazily imported module whose import a test settles: `load` is the import (counted by `imports()`), `resolve()`
 * answers it with `exports`, `reject(error)` fails it like a chunk gone after a deploy.
 */
export const deferredModule = <M extends object>(exports: M) => {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  let imports = 0;
  const load = () => {
    imports += 1;
    return new Promise<M>((res, rej) => {
      resolve = () => res(exports);
      reject = rej;
    });
  };
  return { load, resolve: () => resolve(), reject: (error: unknown) => reject(error), imports: () => imports };
};
