// Building an Intl.DateTimeFormat costs far more than formatting with one (on a slow phone a list of dates built one
// per call showed in the page's blocking time, issue 12): one formatter per kind and time zone, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();
const britishFormat = (timeZone: string): Intl.DateTimeFormat => {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone });
    formatters.set(timeZone, format);
  }
  return format;
};

/** Formats an ISO date (YYYY-MM-DD) in British English as spec §1 asks for dates ("14 August 2027"), whatever the UI language. */
export const formatFestivalDate = (isoDate: string): string => britishFormat("UTC").format(new Date(`${isoDate}T00:00:00Z`));
