import { Cause, Exit, Schema, SchemaIssue } from "effect";
import { invalidRequest } from "./api-error.ts";

const formatter = SchemaIssue.makeFormatterStandardSchemaV1();

const pathOf = (path: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined): string =>
  (path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".");

/**
 * Decodes untrusted input with a domain Schema; throws ApiError `request.invalid` (status 400 by default, e.g.
 * 422 for checkout details) whose message names each failing field: "firstName: Expected ...".
 */
export const decodeOrThrow = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  input: unknown,
  what: string,
  status = 400,
): S["Type"] => {
  const exit = Schema.decodeUnknownExit(schema)(input, { errors: "all" });
  if (Exit.isSuccess(exit)) return exit.value;
  const error = Cause.squash(exit.cause);
  if (Schema.isSchemaError(error)) {
    const issues = formatter(error.issue).issues;
    const text = issues.map((i) => (pathOf(i.path) ? `${pathOf(i.path)}: ${i.message}` : i.message)).join("; ");
    throw invalidRequest(`Invalid ${what}: ${text}`, status);
  }
  throw invalidRequest(`Invalid ${what}`, status);
};
