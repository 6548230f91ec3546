/**
 * True when `value` is a tagged error whose `_tag` is `tag`; screens tell failures apart by tag, not instanceof, so
 * error classes and effect stay out of their chunks.
 */
export const isTagged = <T extends { readonly _tag: string }>(value: unknown, tag: T["_tag"]): value is T =>
  typeof value === "object" && value !== null && (value as { readonly _tag?: unknown })._tag === tag;
