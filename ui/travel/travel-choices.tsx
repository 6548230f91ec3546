import { BedDouble, CircleCheck } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Button, Heading } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { RoomOption, TravelCart, TravelExtra } from "../../domain/travel.schema.ts";
import { MAX_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { Money } from "../common/money.tsx";
import { StepperField } from "./stepper-field.tsx";
import { EXTRA_CATEGORIES } from "../items/travel-booking.tsx";

/** Props of RoomOptions: the options for `persons`, the booking (to mark the booked room), whether writes are paused, the book action and the last failed booking's spec §8 text. */
export interface RoomOptionsProps {
  readonly options: ReadonlyArray<RoomOption>;
  readonly persons: number;
  readonly booked: TravelCart | null;
  readonly disabled: boolean;
  readonly onBook: (option: RoomOption) => void;
  readonly failure?: { readonly optionId: string; readonly text: string } | undefined;
}

/**
 * The room options of a package for the chosen persons (spec §3): rooms, prices, units left, sold-out marked, and a
 * book button; a failed booking shows its spec §8 text.
 */
export function RoomOptions({ options, persons, booked, disabled, onBook, failure }: RoomOptionsProps) {
  const intl = useIntl();
  if (options.length === 0)
    return (
      <p className="notice" role="status">
        <FormattedMessage id="travel.rooms.none" values={{ persons }} />
      </p>
    );
  return (
    <ul className="room-options">
      {options.map((option) => {
        const isBooked = booked?.packageOption?.id === option.id && booked.occupation === persons;
        const label = isBooked
          ? intl.formatMessage({ id: "travel.rooms.booked" })
          : booked?.packageOption?.id === option.id
            ? intl.formatMessage({ id: "travel.rooms.changePersons" }, { persons })
            : booked?.packageOption
              ? intl.formatMessage({ id: "travel.rooms.switch" }, { room: option.title })
              : intl.formatMessage({ id: "travel.rooms.book" }, { room: option.title });
        return (
          <li key={option.id} className={`card room-option${option.soldOut ? " sold-out" : ""}`} aria-labelledby={`room-${option.id}`}>
            <div className="room-option-main">
              <Heading level={3} id={`room-${option.id}`}>
                <Icon node={BedDouble} size={20} aria-hidden="true" /> {option.title}
              </Heading>
              <p className="muted">
                {option.rooms.map((r) => `${r.name} (${r.persons})`).join(", ")} · <FormattedMessage id="travel.rooms.sleeps" values={{ occupation: option.occupation }} />
              </p>
              {option.soldOut ? (
                <p className="badge sold-out-badge">
                  <FormattedMessage id="travel.soldOut" />
                </p>
              ) : (
                <p className="muted">
                  <FormattedMessage id="travel.rooms.left" values={{ stock: option.stock }} />
                </p>
              )}
              {failure?.optionId === option.id ? (
                <p className="field-error" role="alert">
                  {failure.text}
                </p>
              ) : null}
            </div>
            <div className="room-option-price">
              <p>
                <FormattedMessage id="travel.rooms.pricePerPerson" values={{ price: <Money cents={option.price} /> }} />
              </p>
              <p className="strong">
                <FormattedMessage id="travel.rooms.total" values={{ price: <Money cents={option.totalPrice} />, persons }} />
              </p>
              <Button className={`button ${isBooked ? "ghost" : "primary"}`} isDisabled={disabled || isBooked || option.soldOut} onPress={() => onBook(option)}>
                {isBooked ? <Icon node={CircleCheck} size={18} aria-hidden="true" /> : null}
                {label}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Props of TravelExtras: the extras on sale (sold-out ones already left out), the booking (amounts booked; none means extras cannot be added yet), whether writes are paused, the change action. */
export interface TravelExtrasProps {
  readonly extras: ReadonlyArray<TravelExtra>;
  readonly booked: TravelCart | null;
  readonly disabled: boolean;
  readonly onChange: (extra: TravelExtra, amount: number) => void;
}

/** The extras of a package grouped by category (spec §3: extra, transfer, merchandise), each with its price and an amount field (0..50, at most the units left); disabled until a room is booked. */
export function TravelExtras({ extras, booked, disabled, onChange }: TravelExtrasProps) {
  const hasRoom = booked?.packageOption != null;
  return (
    <>
      {hasRoom ? null : (
        <p className="muted">
          <FormattedMessage id="travel.extras.bookFirst" />
        </p>
      )}
      <ExtraGroups extras={extras} amountOf={(extra) => booked?.extras.find((b) => b.extraId === extra.id)?.amount ?? 0} disabled={disabled || !hasRoom} onChange={onChange} />
    </>
  );
}

/** Props of ExtraGroups: the extras, the amount booked of each, whether the fields are disabled, whether the units left show, and the change action. */
export interface ExtraGroupsProps {
  readonly extras: ReadonlyArray<TravelExtra>;
  readonly amountOf: (extra: TravelExtra) => number;
  readonly disabled: boolean;
  readonly showStock?: boolean;
  readonly onChange: (extra: TravelExtra, amount: number) => void;
}

/**
 * Extras by category in spec §3 order with price, optionally units left, and an amount field: the travel screen's
 * extras and the add-on screen's add-ons.
 */
export function ExtraGroups({ extras, amountOf, disabled, showStock = false, onChange }: ExtraGroupsProps) {
  const intl = useIntl();
  return (
    <>
      {EXTRA_CATEGORIES.map((category) => {
        const inCategory = extras.filter((e) => e.category === category);
        if (inCategory.length === 0) return null;
        return (
          <section key={category} className="extras-group" aria-labelledby={`extras-${category}`}>
            <Heading level={3} id={`extras-${category}`}>
              <FormattedMessage id={`travel.extras.group.${category}`} />
            </Heading>
            <ul className="extras-list">
              {inCategory.map((extra) => {
                const amount = amountOf(extra);
                return (
                  <li key={`${extra.id}-${amount}`} className="extra-row" aria-label={extra.name}>
                    <div>
                      <p className="strong">{extra.name}</p>
                      <p className="muted">
                        <FormattedMessage id="travel.extras.price" values={{ price: <Money cents={extra.price} /> }} />
                        {showStock ? (
                          <>
                            {" · "}
                            <FormattedMessage id="travel.rooms.left" values={{ stock: extra.stock }} />
                          </>
                        ) : null}
                      </p>
                    </div>
                    <StepperField
                      ariaLabel={intl.formatMessage({ id: "travel.extras.amount" }, { name: extra.name })}
                      value={amount}
                      controlled={false}
                      minValue={0}
                      maxValue={Math.min(MAX_HOTEL_PERSONS, amount + extra.stock)}
                      isDisabled={disabled}
                      onChange={(value) => (Number.isInteger(value) && value !== amount ? onChange(extra, value) : undefined)}
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}
