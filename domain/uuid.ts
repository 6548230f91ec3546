/** A UUID written 8-4-4-4-12 hex digits, either case (RFC 9562 text form): cart ids, payment ids, consumer external references. spec §5, §9. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID in its text form (either case). spec §9 "Order number: 9 digits or UUID". */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
