/** Port to the current time, injected so countdowns and age rules are testable (docs/architecture.md "Conventions"). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}
