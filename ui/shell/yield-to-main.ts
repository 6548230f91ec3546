/**
 * Resolves in a new task (`scheduler.yield`, else a timeout), letting the browser handle input and paint; the app's
 * start yields between steps so no task holds the main thread long.
 */
export const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Runs `run` in a task after the browser's next frame is painted; answers a cancel function. A hidden tab paints
 * nothing, so there it waits until shown.
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
