import type { CatalogueCode, ErrorKind } from "./error-catalogue.ts";
import { QUEUE_REFUSAL_CODES } from "./payment-queue.ts";

// The table of what each spec §8 code means on screen, apart from error-catalogue.ts so that the screens' first load,
// which reads that module's texts and codes, does not carry it: only the modal and what acts on a failure read it.

/**
 * What follows a failure on any screen (spec §2 modals, §6, §8): close, log in, choose an event, the upgrade e-mail
 * link, a fresh cart, no results, sold out, or back to the queue.
 */
export type FollowUp = "close" | "login" | "chooseEvent" | "emailLink" | "newCart" | "noResults" | "soldOut" | "queue";

/**
 * One row of CATALOGUE: the modal's kind, whose text it shows (the catalogue's or the server's) and what follows. spec
 * §8.
 */
export interface CatalogueEntry {
  readonly kind: ErrorKind;
  readonly text: "catalogue" | "server";
  readonly then: FollowUp;
}

/**
 * What each spec §8 code means on screen, one row per code of CATALOGUE_MEANINGS (the compiler refuses a missing
 * one): the single place screens ask, through errorKindOf and serverCodeMeaning here and failureMeaning
 * (ui/shell/failure-meaning.ts) for a use case's failure.
 */
export const CATALOGUE = {
  1000: { kind: "message", text: "catalogue", then: "close" },
  2000: { kind: "message", text: "server", then: "close" },
  2001: { kind: "message", text: "server", then: "close" },
  2002: { kind: "message", text: "server", then: "close" },
  3000: { kind: "message", text: "server", then: "close" },
  3001: { kind: "message", text: "server", then: "close" },
  3002: { kind: "message", text: "server", then: "close" },
  3003: { kind: "message", text: "catalogue", then: "close" },
  3005: { kind: "message", text: "catalogue", then: "close" },
  4000: { kind: "message", text: "catalogue", then: "close" },
  4001: { kind: "message", text: "server", then: "close" },
  4002: { kind: "message", text: "catalogue", then: "emailLink" },
  4003: { kind: "message", text: "catalogue", then: "emailLink" },
  4004: { kind: "message", text: "server", then: "emailLink" },
  4005: { kind: "message", text: "server", then: "emailLink" },
  4006: { kind: "message", text: "server", then: "emailLink" },
  5000: { kind: "message", text: "catalogue", then: "soldOut" },
  5001: { kind: "message", text: "catalogue", then: "newCart" },
  5002: { kind: "message", text: "server", then: "noResults" },
  5003: { kind: "message", text: "server", then: "close" },
  5004: { kind: "message", text: "catalogue", then: "close" },
  6000: { kind: "decision", text: "server", then: "close" },
  6001: { kind: "decision", text: "server", then: "close" },
  6002: { kind: "decision", text: "catalogue", then: "close" },
  6003: { kind: "decision", text: "server", then: "close" },
  6004: { kind: "decision", text: "catalogue", then: "login" },
  6005: { kind: "decision", text: "catalogue", then: "chooseEvent" },
  6006: { kind: "decision", text: "server", then: "close" },
  6007: { kind: "decision", text: "server", then: "close" },
  6010: { kind: "decision", text: "server", then: "close" },
  6011: { kind: "decision", text: "server", then: "close" },
  7000: { kind: "message", text: "server", then: "close" },
  8000: { kind: "message", text: "server", then: "close" },
  8001: { kind: "message", text: "server", then: "close" },
  8002: { kind: "message", text: "server", then: "close" },
  8003: { kind: "message", text: "server", then: "close" },
} as const satisfies Record<CatalogueCode, CatalogueEntry>;

/** Kind of a catalogue code's modal (its CATALOGUE row: decision for 6000-6999, message otherwise). spec §8. */
export const errorKindOf = (code: CatalogueCode): ErrorKind => CATALOGUE[code].kind;

/** The catalogue codes whose failure is followed by `then` (e.g. CodeFollowedBy<"emailLink">: 4002 ... 4006). */
export type CodeFollowedBy<F extends FollowUp> = { [C in CatalogueCode]: (typeof CATALOGUE)[C]["then"] extends F ? C : never }[CatalogueCode];

/** True when `code` is followed by `then` in its CATALOGUE row. */
export const isFollowedBy = <F extends FollowUp>(code: CatalogueCode, then: F): code is CodeFollowedBy<F> => CATALOGUE[code].then === then;

const isCatalogueCode = (code: number): code is CatalogueCode => Object.hasOwn(CATALOGUE, code);

/**
 * What a Shop API error code means: a §8 number as text ("5000") is its catalogue code with that row's follow-up; a
 * dotted code has no catalogue code and follows up with queue for a refused payment queue token (QUEUE_REFUSAL_CODES),
 * else close. spec §7, §8.
 */
export const serverCodeMeaning = (code: string): { readonly code: CatalogueCode | null; readonly then: FollowUp } => {
  const number = Number(code);
  if (String(number) === code && isCatalogueCode(number)) return { code: number, then: CATALOGUE[number].then };
  return { code: null, then: QUEUE_REFUSAL_CODES.includes(code) ? "queue" : "close" };
};
