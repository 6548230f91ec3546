/**
 * Lets the browser handle input and paint before the caller goes on: resolves in a new task (`scheduler.yield` where
 * the browser has it, else a 0 ms timeout). The app's start (ui/boot.ts, ui/main.tsx) yields between its steps so no
 * one task holds the main thread long on a slow phone (no task over 50 ms).
 */
export const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Runs `run` in a task after the browser's next frame (a task queued from requestAnimationFrame runs after that frame
 * is laid out and painted): work that should neither hold the paint back nor share its task. Answers a function that
 * cancels it if it has not run. A hidden tab paints no frames, so there it waits until the tab shows.
 */
export const afterNextPaint = (run: () => void): (() => void) => {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
};
