import { parseDate } from "@internationalized/date";
import { ChevronDown, X } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Button, Calendar, CalendarCell, CalendarGrid, DateInput, DatePicker, DateSegment, Dialog, Group, Heading, I18nProvider, Label, Popover } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { TravelSettings } from "../../domain/travel.schema.ts";

/** The "night of the stay" filter (spec §3 Hotel filters, §7 packages `date`): a react-aria date picker inside the festival stay window, dates in British English; loaded on its own so the date library stays out of the list's first load. */
export default function TravelDateFilter({ settings, date, onChange }: { settings: TravelSettings; date: string | undefined; onChange: (date: string | undefined) => void }) {
  const intl = useIntl();
  return (
      <div className="date-filter">
        {/* Dates in British English whatever the UI language (spec §1). */}
        <I18nProvider locale="en-GB">
        <DatePicker
          className="field date-field"
          value={date ? parseDate(date) : null}
          minValue={parseDate(settings.startOfStayDate)}
          maxValue={parseDate(settings.endOfStayDate)}
          onChange={(value) => onChange(value ? value.toString() : undefined)}
        >
          <Label>
            <FormattedMessage id="travel.filters.date" />
          </Label>
          <Group className="date-group">
            <DateInput className="date-input">{(segment) => <DateSegment segment={segment} className="date-segment" />}</DateInput>
            <Button className="button ghost icon-button" aria-label={intl.formatMessage({ id: "travel.filters.openCalendar" })}>
              <Icon node={ChevronDown} size={18} aria-hidden="true" />
            </Button>
          </Group>
          <Popover>
            <Dialog className="calendar-dialog">
              <Calendar>
                <header className="calendar-header">
                  <Button slot="previous" className="button ghost">
                    ‹
                  </Button>
                  <Heading />
                  <Button slot="next" className="button ghost">
                    ›
                  </Button>
                </header>
                <CalendarGrid>{(date) => <CalendarCell date={date} className="calendar-cell" />}</CalendarGrid>
              </Calendar>
            </Dialog>
          </Popover>
        </DatePicker>
        </I18nProvider>
        {date ? (
          <Button className="button ghost icon-button" aria-label={intl.formatMessage({ id: "travel.filters.clearDate" })} onPress={() => onChange(undefined)}>
            <Icon node={X} size={18} aria-hidden="true" />
          </Button>
        ) : null}
      </div>
  );
}
