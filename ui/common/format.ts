import { dateLocaleOf } from "../../domain/locale.ts";

/** The date locale of a UI language (domain/locale.ts, shared with the server's mails). */
export { dateLocaleOf };

// Building an Intl.DateTimeFormat costs far more than formatting with one (on a slow phone a list of dates built one
// per call showed in the page's blocking time): one formatter per kind and time zone, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();

const britishFormat = (timeZone: string, locale = "en"): Intl.DateTimeFormat => {
  const dateLocale = dateLocaleOf(locale);
  const key = `${timeZone} ${dateLocale}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale, { day: "numeric", month: "long", year: "numeric", timeZone });
    formatters.set(key, format);
  }
  return format;
};

/** Formats an ISO date (YYYY-MM-DD) as spec §1 asks for dates: British English ("14 August 2027"), in nl and es (`locale`) with their month names ("14 augustus 2027"). */
export const formatFestivalDate = (isoDate: string, locale = "en"): string => britishFormat("UTC", locale).format(new Date(`${isoDate}T00:00:00Z`));
