import { Schema } from "effect";
import { CatalogueError } from "./error-catalogue.errors.ts";

/** The time query `t` of the notice call: hour and minutes as four digits "HHMM" (00:00 ... 23:59). spec §7 Other calls. */
export const NoticeTimeQuery = Schema.String.check(Schema.isPattern(/^([01]\d|2[0-3])[0-5]\d$/));
/** A valid "HHMM" time query. */
export type NoticeTimeQuery = typeof NoticeTimeQuery.Type;

/** The notice's message: `title` (present = a notice is published) and `error` (its text); both may be null or absent. spec §3 Notice response. */
export const NoticeMessage = Schema.Struct({
  title: Schema.optional(Schema.NullOr(Schema.String)),
  error: Schema.optional(Schema.NullOr(Schema.String)),
});
/** A decoded notice message. */
export type NoticeMessage = typeof NoticeMessage.Type;

/** The notice answer `{message:{title, error}}` (the body is JSON; a double-encoded JSON string is unwrapped by the adapter). spec §3, §7. */
export const NoticeAnswer = Schema.Struct({ message: NoticeMessage });
/** A decoded notice answer. */
export type NoticeAnswer = typeof NoticeAnswer.Type;

/** The notice answer when nothing is published: title and error null. */
export const NO_NOTICE: NoticeAnswer = { message: { title: null, error: null } };

/** Formats a wall-clock time as the `t` query: two-digit hours then two-digit minutes (9:05 -> "0905"). spec §7. */
export const noticeTimeQuery = (hours: number, minutes: number): NoticeTimeQuery =>
  `${String(hours).padStart(2, "0")}${String(minutes).padStart(2, "0")}`;

/**
 * The catalogue failure a notice surfaces: a non-blank title gives CatalogueError 8002 with messages
 * [title, error] (error left out when blank); no title gives null (nothing to show). spec §7 Other calls, §8 8002.
 */
export const noticeFailure = (notice: NoticeAnswer): CatalogueError | null => {
  const title = notice.message.title?.trim() ?? "";
  if (title === "") return null;
  const error = notice.message.error?.trim() ?? "";
  return new CatalogueError({ code: 8002, messages: error === "" ? [title] : [title, error] });
};
