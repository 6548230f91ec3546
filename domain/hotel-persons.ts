/** Fewest persons a hotel search or booking may name. spec §9 "Hotel persons 1 to 50". */
export const MIN_HOTEL_PERSONS = 1;
/** Most persons a hotel search or booking may name. spec §9 "Hotel persons 1 to 50". */
export const MAX_HOTEL_PERSONS = 50;

/** Persons when a search or a package screen names none (spec §3 Hotel filters): two, the most common room. */
export const DEFAULT_HOTEL_PERSONS = 2;

/** True for a persons count a hotel search or booking may name: an integer 1..50. spec §9. */
export const isHotelPersons = (n: number): boolean => Number.isInteger(n) && n >= MIN_HOTEL_PERSONS && n <= MAX_HOTEL_PERSONS;
