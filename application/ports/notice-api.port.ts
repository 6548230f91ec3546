import type { Effect } from "effect";
import type { NoticeAnswer, NoticeTimeQuery } from "../../domain/notice.schema.ts";
import type { ApiFailure } from "../errors.ts";

/** Port to the provider's notice (GET {host}/api/notice?t=HHMM, polled every 60 s). spec §7 Other calls, §9. */
export interface NoticeApi {
  /** The current notice `{message:{title, error}}` for the time query `t` ("HHMM"); fails with an ApiFailure. */
  getNotice(t: NoticeTimeQuery): Effect.Effect<NoticeAnswer, ApiFailure>;
}
