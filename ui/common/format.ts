// Building an Intl.DateTimeFormat costs far more than formatting with one (on a slow phone a list of dates built one
// per call showed in the page's blocking time, issue 12): one formatter per kind and time zone, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The date locale of a UI language: British English for English (spec §1 "Dates in British English": day, month name,
 * year), and for Dutch and Spanish their own month names in the same day-month-year order, so a Dutch or Spanish page
 * names no English month.
 */
export const dateLocaleOf = (locale: string): string => (locale.startsWith("nl") ? "nl-NL" : locale.startsWith("es") ? "es-ES" : "en-GB");

const britishFormat = (kind: "date" | "time", timeZone: string, locale = "en"): Intl.DateTimeFormat => {
  const dateLocale = dateLocaleOf(locale);
  const key = `${kind} ${timeZone} ${dateLocale}`;
  let format = formatters.get(key);
  if (!format) {
    format =
      kind === "date"
        ? new Intl.DateTimeFormat(dateLocale, { day: "numeric", month: "long", year: "numeric", timeZone })
        : new Intl.DateTimeFormat(dateLocale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
    formatters.set(key, format);
  }
  return format;
};

/** Formats an ISO date (YYYY-MM-DD) as spec §1 asks for dates: British English ("14 August 2027"), in nl and es (`locale`) with their month names ("14 augustus 2027"). */
export const formatFestivalDate = (isoDate: string, locale = "en"): string => britishFormat("date", "UTC", locale).format(new Date(`${isoDate}T00:00:00Z`));

/** The suffix spec §1 puts after every time ("times with a CET suffix"): festival times are Central European wall-clock times. */
export const TIME_ZONE_SUFFIX = "CET";

/**
 * Reads a festival date-time: a wall-clock "YYYY-MM-DDTHH:mm[:ss]" (the catalogue's departureTime, returnTime) is
 * already Central European time and is kept as is; one with a zone ("Z", "+02:00") is converted to Europe/Amsterdam.
 * Returns the instant and the zone to format it in; throws RangeError on a string that is not a date-time.
 */
const festivalInstant = (iso: string): { date: Date; timeZone: string } => {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso);
  const date = new Date(zoned ? iso : `${iso}Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date-time: ${iso}`);
  return { date, timeZone: zoned ? "Europe/Amsterdam" : "UTC" };
};

/** Formats a festival time as spec §1 asks: 24-hour British English with the CET suffix ("10:00 CET"), whatever the UI language. */
export const formatFestivalTime = (iso: string): string => {
  const { date, timeZone } = festivalInstant(iso);
  const time = britishFormat("time", timeZone).format(date);
  return `${time} ${TIME_ZONE_SUFFIX}`;
};
