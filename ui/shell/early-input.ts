// Taps and form submits on a server-rendered page before React has taken it over (issue 12). The page paints, and its
// buttons show, before its JavaScript runs (ui/boot.ts), and React listens for events only once ui/main.tsx calls
// hydrateRoot: a tap on "Add to cart" in between would do nothing, or a checkbox or form would act natively and fall
// out of step with the app. Such events are held instead and replayed on the same elements once React listens; React
// then hydrates the part that was tapped first and handles the event (selective hydration). Links are left alone: they
// navigate without JavaScript. Text typed into a field meanwhile stays in the field, but React hydrates the field with
// the value it rendered and would never learn of it (its state empty while the field shows text, so a voucher's Apply
// stays disabled or a filled-in name is "required"): the replay hands each such field's text to React as an input.

/** What a held tap lands on: the controls that need the app (buttons, checkboxes, radios, labels, tabs, options). */
const NEEDS_APP = 'button, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="option"], input[type="checkbox"], input[type="radio"], label, summary';

/** A field the visitor can type into. */
type TextField = HTMLInputElement | HTMLTextAreaElement;

/** One held event: a tap on an element, the submit of a form (with the button that submitted it), or typing into a field. */
type Held =
  | { readonly kind: "click"; readonly target: HTMLElement }
  | { readonly kind: "submit"; readonly form: HTMLFormElement; readonly submitter: HTMLElement | null }
  | { readonly kind: "input"; readonly field: TextField };

let held: Held[] | null = null;

const onClick = (event: MouseEvent): void => {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_APP) : null;
  if (!target || target.closest("a[href]")) return;
  event.preventDefault();
  event.stopPropagation();
  held?.push({ kind: "click", target });
};

const onSubmit = (event: SubmitEvent): void => {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  held?.push({ kind: "submit", form: event.target, submitter: event.submitter instanceof HTMLElement ? event.submitter : null });
};

/** Holds a field once, where the visitor last typed into it (before a later tap or submit that relies on its text). */
const onInput = (event: Event): void => {
  const field = event.target;
  if (!held || !(field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== "checkbox" && field.type !== "radio"))) return;
  held = held.filter((earlier) => !(earlier.kind === "input" && earlier.field === field));
  held.push({ kind: "input", field });
};

/**
 * Gives React a field's text typed before it listened: the field first shows the value React rendered on the server
 * (its default value) and an input event makes React hydrate the field's part now if it still waits, then the typed
 * text is set past React's value tracker (the prototype's setter) and a second input event is React's onChange.
 */
const replayTyping = (field: TextField): void => {
  const typed = field.value;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
  if (!setValue || typed === field.defaultValue) return;
  setValue.call(field, field.defaultValue);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  setValue.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
};

/** Starts holding taps on controls, form submits and typing on `doc` (ui/boot.ts calls it before it loads the app); once only. */
export const holdEarlyInput = (doc: Document = document): void => {
  if (held) return;
  held = [];
  doc.addEventListener("click", onClick, true);
  doc.addEventListener("submit", onSubmit, true);
  doc.addEventListener("input", onInput, true);
  doc.documentElement.dataset["starting"] = "";
};

/**
 * Stops holding and replays what was held, in order, on elements still in the page (ui/main.tsx calls it once React
 * listens: right after hydrateRoot): taps, submits and each typed field's text. Answers how many it replayed; 0 when
 * nothing was held.
 */
export const replayEarlyInput = (doc: Document = document): number => {
  const events = held ?? [];
  held = null;
  doc.removeEventListener("click", onClick, true);
  doc.removeEventListener("submit", onSubmit, true);
  doc.removeEventListener("input", onInput, true);
  delete doc.documentElement.dataset["starting"];
  let replayed = 0;
  for (const event of events) {
    if (event.kind === "input" && event.field.isConnected) {
      replayTyping(event.field);
      replayed += 1;
    } else if (event.kind === "click" && event.target.isConnected) {
      event.target.click();
      replayed += 1;
    } else if (event.kind === "submit" && event.form.isConnected) {
      try {
        event.form.requestSubmit(event.submitter?.isConnected && event.submitter.closest("form") === event.form ? event.submitter : null);
      } catch {
        // The submitter is no submit button of the form (any more): submit as Enter in a field would.
        event.form.requestSubmit();
      }
      replayed += 1;
    }
  }
  return replayed;
};
