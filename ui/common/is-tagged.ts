/**
 * True when `value` is a tagged error (effect's Data.TaggedError) whose `_tag` is `tag`. The screens tell a use case's
 * failures apart by tag, not with instanceof, so the error classes and effect's runtime they extend stay out of the
 * screens' chunks. Example: `isTagged<ShopApiError>(failure, "ShopApiError")`.
 */
export const isTagged = <T extends { readonly _tag: string }>(value: unknown, tag: T["_tag"]): value is T =>
  typeof value === "object" && value !== null && (value as { readonly _tag?: unknown })._tag === tag;
