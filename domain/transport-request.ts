/** The transport request form's fields (application/ports/mail-api.port.ts TransportRequestMail without the event). spec §7 Other calls "Mail". */
export interface TransportRequestInput {
  readonly name: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly persons: number;
  readonly departureCity: string;
  readonly message: string;
}

/** Why a transport request field is refused: missing, not an e-mail address, persons outside 1..50, or too long. */
export type TransportRequestFieldError =
  | { readonly _tag: "Required" }
  | { readonly _tag: "InvalidEmail" }
  | { readonly _tag: "PersonsOutOfRange"; readonly min: 1; readonly max: 50 }
  | { readonly _tag: "TooLong"; readonly max: number };

/** Maximum lengths of the text fields (the server's request schema agrees: name/city 200, phone 40, message 4000). */
export const TRANSPORT_REQUEST_LIMITS = { name: 200, email: 200, phoneNumber: 40, departureCity: 200, message: 4000 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Field errors of a transport request (empty when it may be sent): required name, e-mail and city, persons 1..50, text
 * limits. spec §5, §7 Mail.
 */
export const transportRequestErrors = (
  input: TransportRequestInput,
): Partial<Record<keyof TransportRequestInput, TransportRequestFieldError>> => {
  const errors: Partial<Record<keyof TransportRequestInput, TransportRequestFieldError>> = {};
  for (const field of ["name", "email", "departureCity"] as const) {
    if (input[field].trim() === "") errors[field] = { _tag: "Required" };
  }
  if (!errors.email && !EMAIL.test(input.email.trim())) errors.email = { _tag: "InvalidEmail" };
  if (!Number.isInteger(input.persons) || input.persons < 1 || input.persons > 50) errors.persons = { _tag: "PersonsOutOfRange", min: 1, max: 50 };
  for (const field of ["name", "email", "phoneNumber", "departureCity", "message"] as const) {
    const max = TRANSPORT_REQUEST_LIMITS[field];
    if (!errors[field] && input[field].trim().length > max) errors[field] = { _tag: "TooLong", max };
  }
  return errors;
};
