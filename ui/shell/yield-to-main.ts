/**
 * Lets the browser handle input and paint before the caller goes on: resolves in a new task (`scheduler.yield` where
 * the browser has it, else a 0 ms timeout). The app's start (ui/boot.ts, ui/main.tsx) yields between its steps so no
 * one task holds the main thread long on a slow phone (issue 12: no task over 50 ms).
 */
export const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};
