import { fc, test } from "@fast-check/vitest";
import { Schema } from "effect";
import { describe, expect } from "vitest";
import { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import { NO_NOTICE, NoticeAnswer, NoticeTimeQuery, noticeFailure, noticeTimeQuery } from "../../domain/notice.schema.ts";

const isTimeQuery = Schema.is(NoticeTimeQuery);

describe("noticeTimeQuery", () => {
  test("formats hours and minutes as four digits", () => {
    expect(noticeTimeQuery(9, 5)).toBe("0905");
    expect(noticeTimeQuery(0, 0)).toBe("0000");
    expect(noticeTimeQuery(23, 59)).toBe("2359");
  });

  test.prop([fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })])("gives a valid HHMM query that reads back as the same time", (h, m) => {
    const t = noticeTimeQuery(h, m);
    expect(isTimeQuery(t)).toBe(true);
    expect([Number(t.slice(0, 2)), Number(t.slice(2))]).toEqual([h, m]);
  });

  test("refuses times that are not on the clock", () => {
    for (const t of ["2400", "1260", "2561", "930", "12:30", ""]) expect(isTimeQuery(t)).toBe(false);
  });
});

describe("noticeFailure", () => {
  test("shows nothing without a title", () => {
    expect(noticeFailure(NO_NOTICE)).toBeNull();
    expect(noticeFailure({ message: {} })).toBeNull();
    expect(noticeFailure({ message: { title: "  ", error: "ignored" } })).toBeNull();
  });

  test("raises 8002 with the title and the error text when a title is present", () => {
    const failure = noticeFailure({ message: { title: "Maintenance", error: "Back at 23:30" } });
    expect(failure).toBeInstanceOf(CatalogueError);
    expect(failure).toMatchObject({ code: 8002, messages: ["Maintenance", "Back at 23:30"] });
  });

  test.prop([fc.string().filter((s) => s.trim() !== ""), fc.option(fc.string(), { nil: null })])("raises 8002 for every non-blank title, title first", (title, error) => {
    const failure = noticeFailure({ message: { title, error } });
    expect(failure?.code).toBe(8002);
    expect(failure?.messages[0]).toBe(title.trim());
    expect(failure?.messages.length).toBe(error && error.trim() !== "" ? 2 : 1);
  });

  test("decodes the wire answer with null fields", () => {
    expect(Schema.decodeUnknownSync(NoticeAnswer)({ message: { title: null, error: null } })).toEqual(NO_NOTICE);
  });
});

describe("noticeFailure of padded texts", () => {
  test("trims the title and the error", () => {
    expect(noticeFailure({ message: { title: " Maintenance ", error: "  Back at 23:30 " } })).toMatchObject({ code: 8002, messages: ["Maintenance", "Back at 23:30"] });
    expect(noticeFailure({ message: { title: "Maintenance", error: "   " } })).toMatchObject({ code: 8002, messages: ["Maintenance"] });
  });
});
