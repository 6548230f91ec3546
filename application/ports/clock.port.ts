/** Port to the current time, injected so countdowns and age rules are testable (DESIGN "Time is injected"). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}
