import { Effect, Schema } from "effect";
import { inject, injectable } from "tsyringe";
import { type ApiFailure, UnexpectedAnswerError } from "../../application/errors.ts";
import type { NoticeApi } from "../../application/ports/notice-api.port.ts";
import { NoticeAnswer, type NoticeTimeQuery } from "../../domain/notice.schema.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendSiteRequest } from "./site-request.ts";

/** Unwraps an answer that is a JSON string holding JSON (spec §7 "The answer is a JSON string"); other values pass as they are. */
const unwrapJsonString = (json: unknown): unknown => {
  if (typeof json !== "string") return json;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

/** NoticeApi over fetch: GET {host}/api/notice?t=HHMM, answer `{message:{title, error}}` (also accepted double-encoded as a JSON string). spec §7 Other calls. */
@injectable()
export class HttpNoticeApi implements NoticeApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** The notice for `t`; UnexpectedAnswerError for a body off the schema. */
  getNotice(t: NoticeTimeQuery): Effect.Effect<NoticeAnswer, ApiFailure> {
    return sendSiteRequest({ url: `${this.baseUrl}/api/notice?t=${encodeURIComponent(t)}`, method: "GET" }, this.http).pipe(
      Effect.flatMap(({ json }) => {
        const decoded = Schema.decodeUnknownExit(NoticeAnswer)(unwrapJsonString(json));
        return decoded._tag === "Success"
          ? Effect.succeed(decoded.value)
          : Effect.fail(new UnexpectedAnswerError({ message: "GET /api/notice: answer does not match the contract" }));
      }),
    );
  }
}
