import { Cause, Exit, Schema, SchemaIssue } from "effect";
import { invalidRequest, unprocessableRequest } from "../failure.ts";

const formatter = SchemaIssue.makeFormatterStandardSchemaV1();

const pathOf = (path: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined): string =>
  (path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".");

/** Where in `input` (to `depth` levels) a string holds a NUL character, which PostgreSQL text and jsonb cannot store; undefined if none. */
const nulPath = (input: unknown, depth = 32, at = ""): string | undefined => {
  if (typeof input === "string") return input.includes("\u0000") ? at || "(value)" : undefined;
  if (depth === 0 || input === null || typeof input !== "object") return undefined;
  for (const [key, value] of Object.entries(input)) {
    if (key.includes("\u0000")) return at ? `${at}.(key)` : "(key)";
    const found = nulPath(value, depth - 1, at ? `${at}.${key}` : key);
    if (found) return found;
  }
  return undefined;
};

/**
 * Decodes untrusted input with a domain Schema; throws RequestInvalid (or RequestUnprocessable) naming each failing
 * field. Text with a NUL character is refused too.
 */
export const decodeOrThrow = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  input: unknown,
  what: string,
  status: 400 | 422 = 400,
): S["Type"] => {
  const refusal = status === 422 ? unprocessableRequest : invalidRequest;
  const nul = nulPath(input);
  if (nul) throw refusal(`Invalid ${what}: ${nul}: must not contain a NUL character`);
  const exit = Schema.decodeUnknownExit(schema)(input, { errors: "all" });
  if (Exit.isSuccess(exit)) return exit.value;
  const error = Cause.squash(exit.cause);
  if (Schema.isSchemaError(error)) {
    const issues = formatter(error.issue).issues;
    const text = issues.map((i) => (pathOf(i.path) ? `${pathOf(i.path)}: ${i.message}` : i.message)).join("; ");
    throw refusal(`Invalid ${what}: ${text}`);
  }
  throw refusal(`Invalid ${what}`);
};
