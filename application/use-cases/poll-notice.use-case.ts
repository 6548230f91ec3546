import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import { noticeFailure, noticeTimeQuery } from "../../domain/notice.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { Clock } from "../ports/clock.port.ts";
import type { NoticeApi } from "../ports/notice-api.port.ts";
import { CLOCK, NOTICE_API } from "../ports/tokens.ts";

/**
 * One notice poll (spec §7 Other calls, §9 polled every 60 s): GET the notice with `t` = the local time "HHMM" and
 * answer the CatalogueError 8002 to show when its title is present, else null. Fails with the ApiFailure of the
 * call (the caller logs it and polls again next minute).
 */
@injectable()
export class PollNotice {
  constructor(
    @inject(NOTICE_API) private readonly notices: NoticeApi,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The 8002 notice to show, or null. */
  execute(): Effect.Effect<CatalogueError | null, ApiFailure> {
    return Effect.suspend(() => {
      const now = new Date(this.clock.now());
      return this.notices.getNotice(noticeTimeQuery(now.getHours(), now.getMinutes()));
    }).pipe(Effect.map(noticeFailure));
  }
}
