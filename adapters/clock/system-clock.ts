import type { Clock } from "../../application/ports/clock.port.ts";

/** Clock on the machine's time (Date.now, milliseconds since the epoch). */
export class SystemClock implements Clock {
  /** Milliseconds since the epoch. */
  now(): number {
    return Date.now();
  }
}
