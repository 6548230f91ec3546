// Taps and form submits on a server-rendered page before React has taken it over. The page paints, and its
// buttons show, before its JavaScript runs (ui/boot.ts), and React listens for events only once ui/main.tsx calls
// hydrateRoot: a tap on "Add to cart" in between would do nothing, or a checkbox or form would act natively and fall
// out of step with the app. Such events are held instead and replayed on the same elements once React listens; React
// then hydrates the part that was tapped first and handles the event (selective hydration). Links are left alone: they
// navigate without JavaScript. Text typed into a field meanwhile stays in the field, but React hydrates the field with
// the value it rendered and would never learn of it (its state empty while the field shows text, so a voucher's Apply
// stays disabled or a filled-in name is "required"): the replay hands each such field's text to React as an input.
// A part whose code loads after hydration (ui/common/lazy-part.tsx deferHydration, its wrapper marked
// `data-deferred-part`) stays server HTML for a while longer: what lands in it is held on until it is live
// (releaseDeferredPart), since React drops events on HTML it cannot hydrate yet, while a checkbox would toggle and a
// form submit natively.

/** What a held tap lands on: the controls that need the app (buttons, checkboxes, radios, labels, tabs, options). */
const NEEDS_APP = 'button, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="option"], input[type="checkbox"], input[type="radio"], label, summary';

/** Whether `element` is a checkbox or radio input (a box: a tap toggles it, typing does not go into it). */
const isBox = (element: unknown): element is HTMLInputElement =>
  element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");

/** A field the visitor can type into. */
type TextField = HTMLInputElement | HTMLTextAreaElement;

/** One held event: a tap on an element, the submit of a form (with the button that submitted it), or typing into a field (with the field's text then). */
type Held =
  | { readonly kind: "click"; readonly target: HTMLElement }
  | { readonly kind: "submit"; readonly form: HTMLFormElement; readonly submitter: HTMLElement | null }
  | { readonly kind: "input"; readonly field: TextField; readonly typed: string };

/** What was held before React listened (null once it does). */
let held: Held[] | null = null;
/** What was held in each deferred part not yet live. */
const heldInPart = new Map<Element, Held[]>();
/** Deferred parts that are live. */
const liveParts = new WeakSet<Element>();
/** The document whose events are held while anything is (held, or a deferred part not yet live). */
let listening: Document | null = null;

/** Where an event on `element` is held: before React listens, the page's queue; then the queue of the deferred part around it while that is not live; else nowhere (React handles it). */
const queueFor = (element: Element): Held[] | null => {
  if (held) return held;
  const part = element.closest("[data-deferred-part]");
  if (!part || liveParts.has(part)) return null;
  const queue = heldInPart.get(part) ?? [];
  heldInPart.set(part, queue);
  return queue;
};

const onClick = (event: MouseEvent): void => {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_APP) : null;
  if (!target || target.closest("a[href]")) return;
  const queue = queueFor(target);
  if (!queue) return;
  event.preventDefault();
  event.stopPropagation();
  queue.push({ kind: "click", target });
};

const onSubmit = (event: SubmitEvent): void => {
  if (!(event.target instanceof HTMLFormElement)) return;
  const queue = queueFor(event.target);
  if (!queue) return;
  event.preventDefault();
  queue.push({ kind: "submit", form: event.target, submitter: event.submitter instanceof HTMLElement ? event.submitter : null });
};

/** Holds a field once, where the visitor last typed into it (before a later tap or submit that relies on its text). */
const onInput = (event: Event): void => {
  const field = event.target;
  if (!(field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !isBox(field)))) return;
  const queue = queueFor(field);
  if (!queue) return;
  const earlier = queue.findIndex((e) => e.kind === "input" && e.field === field);
  if (earlier >= 0) queue.splice(earlier, 1);
  queue.push({ kind: "input", field, typed: field.value });
};

const listen = (doc: Document): void => {
  if (listening) return;
  listening = doc;
  doc.addEventListener("click", onClick, true);
  doc.addEventListener("submit", onSubmit, true);
  doc.addEventListener("input", onInput, true);
};

/** Stops listening once nothing is held: React listens, and every deferred part in the page is live. */
const stopWhenDone = (): void => {
  const doc = listening;
  if (!doc || held || [...doc.querySelectorAll("[data-deferred-part]")].some((part) => !liveParts.has(part))) return;
  listening = null;
  doc.removeEventListener("click", onClick, true);
  doc.removeEventListener("submit", onSubmit, true);
  doc.removeEventListener("input", onInput, true);
};

/**
 * Gives React a field's text typed before it listened: hydrates the field's part, sets the typed text past React's
 * value tracker and fires the events React's handlers need.
 */
const replayTyping = (field: TextField, typed: string): void => {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
  if (!setValue || typed === field.defaultValue) return;
  setValue.call(field, field.defaultValue);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  setValue.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  // The visitor has left the field since (their tap on Send moved the focus): React missed that blur too, and a number
  // field takes a typed value only on it, so it is handed over as well.
  if (field.ownerDocument.activeElement !== field) field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
};

/** Starts holding taps on controls, form submits and typing on `doc` (ui/boot.ts calls it before it loads the app); once only. */
export const holdEarlyInput = (doc: Document = document): void => {
  if (held) return;
  held = [];
  listen(doc);
  doc.documentElement.dataset["starting"] = "";
};

/** The element an event was held on. */
const targetOf = (event: Held): HTMLElement => (event.kind === "click" ? event.target : event.kind === "submit" ? event.form : event.field);

/**
 * Replays the input held before React listened (taps, submits, typed text) on elements still in the page; a deferred
 * part's input waits for it. Answers how many were replayed.
 */
export const replayEarlyInput = (doc: Document = document): number => {
  const events = held ?? [];
  held = null;
  delete doc.documentElement.dataset["starting"];
  const now = events.filter((event) => {
    const queue = queueFor(targetOf(event));
    queue?.push(event);
    return !queue;
  });
  stopWhenDone();
  return replay(now);
};

/**
 * Marks a deferred part live (ui/common/lazy-part.tsx calls it once React has hydrated or rendered it) and replays,
 * in order, what was held in it. Answers how many it replayed.
 */
export const releaseDeferredPart = (part: Element): number => {
  liveParts.add(part);
  const events = heldInPart.get(part) ?? [];
  heldInPart.delete(part);
  stopWhenDone();
  return replay(events);
};

/**
 * What a replayed tap clicks: a tapped label's checkbox or radio, since React Aria handles a label's press itself, else
 * the tapped element.
 */
const tapOf = (target: HTMLElement): HTMLElement => {
  const control = target instanceof HTMLLabelElement ? target.control : null;
  return isBox(control) ? control : target;
};

/**
 * Taps `element` as a replay: a box first gets an input event so React hydrates its part before the click, or React
 * would miss the change.
 */
const tap = (element: HTMLElement): void => {
  if (isBox(element)) {
    element.dispatchEvent(new Event("input", { bubbles: true }));
  }
  element.click();
};

/** Replays held events on elements still in the page; answers how many. */
const replay = (events: ReadonlyArray<Held>): number => {
  let replayed = 0;
  for (const event of events) {
    if (event.kind === "input" && event.field.isConnected) {
      replayTyping(event.field, event.typed);
      replayed += 1;
    } else if (event.kind === "click" && event.target.isConnected) {
      tap(tapOf(event.target));
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
