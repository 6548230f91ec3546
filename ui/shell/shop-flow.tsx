import "./shell.css";
import { createContext, lazy, type ReactNode, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation, useNavigate } from "react-router-dom";
import { Check, ChevronLeft, ChevronRight } from "lucide";
import { Icon } from "../common/icon.tsx";
import {
  backTarget,
  buildShopFlow,
  CHECKOUT_STEP,
  type FlowStep,
  isNextDisabled,
  isStepCompleted,
  nextButtonKey,
  nextStep,
  parseShopPath,
  progressSteps,
  type ShopStep,
  showBottomNav,
  stepPath,
} from "../../domain/shop-flow.ts";
import { offersTravelAddOns, previousPurchasesOf } from "../../domain/order-lookup.ts";
import type { ProductType } from "../../domain/product.schema.ts";
import { useAddOnOrders } from "../shop/add-on-orders.ts";
import { useCurrentShop, useProductTypes, useShopUpdateState } from "../shop/shop-context.tsx";
import { FirstUseButton, LoadOnFirstUse } from "../common/load-on-first-use.tsx";
import { useKeepQuery } from "./keep-query.ts";
import { saleOf } from "../../domain/sale-mode.ts";

// The mobile step dropdown's react-aria Select, ListBox and Popover load on its first use; until then its
// closed button, with the same text and name, is the trigger that loads and opens it.
const loadStepSelect = () => import("./step-select.tsx");
const StepSelect = lazy(() => loadStepSelect().then((m) => ({ default: m.StepSelect })));

/** How long the Next button shows its spinner after a step change (ms). spec §2 Header "about 1 s". */
export const NEXT_SPINNER_MS = 1000;
/** Delay between pressing Next/Previous and navigating (ms). spec §2 Header. */
export const NAVIGATE_DELAY_MS = 100;

/**
 * The shop's step flow (spec §2 Route guards): domain buildShopFlow over the products on sale, travel, the previous
 * orders found and the upgradable order's skips; null while products load.
 */
export function useShopFlow(): ReadonlyArray<ShopStep> | null {
  const { config } = useCurrentShop();
  // The types only: a stock refresh after every cart change must not render the step bar and the bottom bar again.
  const productTypes = useProductTypes();
  const orders = useAddOnOrders();
  return useMemo(() => {
    if (!productTypes) return null;
    const types: ProductType[] = [...productTypes];
    if (config.apiTravelId) types.push("travel", "hotel");
    // A looked-up order with a hotel booking open for add-ons gives the traveladdon step its content (spec §2, §3 Previous order).
    if (config.apiTravelId && offersTravelAddOns(orders)) types.push("traveladdon");
    // In upgrade mode the upgradable order may drop travel and transportation (skipTravel, skipBus; spec §2).
    const skips = { skipTravel: config.upgradableOrder?.skipTravel === true, skipBus: config.upgradableOrder?.skipBus === true };
    return buildShopFlow({ hasPolicy: true, productTypes: types, previousPurchases: previousPurchasesOf(orders), ...skips });
  }, [productTypes, config.apiTravelId, config.upgradableOrder, orders]);
}

/** The flow step of the current path: the step segment of /{slug}/{step}/…, or null on the overview. */
export function useCurrentStep(): string | null {
  return parseShopPath(useLocation().pathname).step;
}

const UpgradeChoiceContext = createContext<{ made: boolean; setMade: (made: boolean) => void } | null>(null);

/** Holds whether an upgrade choice is made on the upgrade route (the bottom bar's Next waits for it). spec §2 Header. */
export function UpgradeChoiceProvider({ children }: { children: ReactNode }) {
  const [made, setMade] = useState(false);
  const value = useMemo(() => ({ made, setMade }), [made]);
  return <UpgradeChoiceContext.Provider value={value}>{children}</UpgradeChoiceContext.Provider>;
}

/** The upgrade choice state: `made` and `setMade` (the upgrade screen calls it when the visitor picks an upgrade). */
export function useUpgradeChoice(): { made: boolean; setMade: (made: boolean) => void } {
  return useContext(UpgradeChoiceContext) ?? { made: false, setMade: () => undefined };
}

const ContinueGuardContext = createContext<{ current: (() => boolean) | null } | null>(null);

/** Holds the current screen's continue guard, which the bottom bar's Next asks before it leaves the step. spec §2 Header. */
export function ContinueGuardProvider({ children }: { children: ReactNode }) {
  const guard = useRef<(() => boolean) | null>(null);
  return <ContinueGuardContext.Provider value={guard}>{children}</ContinueGuardContext.Provider>;
}

/**
 * Lets a screen stop the bottom bar's Next once: `stop` answers true when it has shown the visitor something first
 * (the press then stays on the step), false to let Next go on. Cleared when the screen leaves.
 */
export function useContinueGuard(stop: () => boolean): void {
  const guard = useContext(ContinueGuardContext);
  const latest = useRef(stop);
  latest.current = stop;
  useEffect(() => {
    if (!guard) return;
    const ask = () => latest.current();
    guard.current = ask;
    return () => {
      if (guard.current === ask) guard.current = null;
    };
  }, [guard]);
}

const isFlowStep = (steps: ReadonlyArray<FlowStep>, step: string | null): step is FlowStep => step !== null && (steps as ReadonlyArray<string>).includes(step);

/**
 * The step progress bar (spec §2 Header): one step per flow route plus Checkout, the steps before the current one
 * completed; a list of links on wide screens and a react-aria Select on mobile (≤ 767 px, CSS). Hidden outside the flow and in shops without a step flow (stepflow No).
 */
export function StepProgress() {
  const flow = useShopFlow();
  const current = useCurrentStep();
  const { slug, config } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const navigate = useNavigate();
  const intl = useIntl();
  const idBase = useId();
  // A shop without a step flow (stepflow No) has no steps to show, like it has no bottom navigation (spec §2).
  if (!flow || config.stepflow !== "Yes") return null;
  const steps = progressSteps(flow);
  if (!isFlowStep(steps, current)) return null;
  const label = intl.formatMessage({ id: "progress.label" });
  const count = intl.formatMessage({ id: "progress.count" }, { n: steps.indexOf(current) + 1, total: steps.length });
  const stateOf = (step: FlowStep) => (step === current ? "current" : isStepCompleted(flow, step, current) ? "completed" : "upcoming");
  return (
    <nav className="step-progress" aria-label={label}>
      <ol className="step-list">
        {steps.map((step, i) => {
          const state = stateOf(step);
          return (
            <li key={step} className={`step ${state}`} data-state={state}>
              <Link href={keepQuery(stepPath(slug, step))} aria-current={state === "current" ? "step" : undefined} className="step-link">
                <span className="step-dot" aria-hidden="true">
                  {state === "completed" ? <Icon node={Check} size={14} aria-hidden="true" /> : i + 1}
                </span>
                <span className="step-name">
                  <FormattedMessage id={`step.${step}`} />
                </span>
                {state === "completed" ? <span className="visually-hidden">{intl.formatMessage({ id: "progress.completed" })}</span> : null}
              </Link>
            </li>
          );
        })}
      </ol>
      <LoadOnFirstUse
        load={loadStepSelect}
        placeholder={(firstUse) => (
          <div className="step-select">
            <span id={`${idBase}-label`} className="visually-hidden">
              {label}
            </span>
            {/* Named by what it shows, then the label, as the Select names its button (WCAG 2.5.3 Label in Name). */}
            <FirstUseButton firstUse={firstUse} className="button step-select-button" aria-labelledby={`${idBase}-face ${idBase}-label`}>
              <span id={`${idBase}-face`} className="step-select-face">
                <span className="step-count">{count}</span> <FormattedMessage id={`step.${current}`} />
              </span>
            </FirstUseButton>
          </div>
        )}
      >
        <StepSelect
          label={label}
          count={count}
          steps={steps}
          current={current}
          isCompleted={(step) => stateOf(step) === "completed"}
          onChoose={(step) => navigate(keepQuery(stepPath(slug, step)))}
          openOnMount
        />
      </LoadOnFirstUse>
    </nav>
  );
}

/**
 * The bottom navigation (spec §2 Header): with stepflow Yes outside the overview and payment status; Previous and Next
 * by the domain's flow rules; a screen's continue guard may keep Next on the step to show a message first.
 */
export function BottomNav() {
  const { slug, config } = useCurrentShop();
  const flow = useShopFlow();
  const current = useCurrentStep();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const keepQuery = useKeepQuery();
  const updateState = useShopUpdateState();
  const { made } = useUpgradeChoice();
  const continueGuard = useContext(ContinueGuardContext);
  const intl = useIntl();
  const [spinning, setSpinning] = useState(false);
  const pressed = useRef(false);
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    const timer = window.setTimeout(() => setSpinning(false), NEXT_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  if (!flow || !showBottomNav(config.stepflow, { step: current }, flow)) return null;
  const step = current as FlowStep;
  const go = (path: string, spin: boolean) => {
    pressed.current = true;
    if (spin) setSpinning(true);
    window.setTimeout(() => navigate(keepQuery(path)), NAVIGATE_DELAY_MS);
  };
  // After the last step nextStep answers checkout, which is the wishlist panel in pre-registration.
  const nextPath = stepPath(slug, nextStep(flow, step));
  const disabled = isNextDisabled(step, made, updateState !== "idle");
  return (
    <nav className="bottom-nav" aria-label={intl.formatMessage({ id: "nav.label" })}>
      <Button className="button" onPress={() => go(backTarget(flow, pathname), false)}>
        <Icon node={ChevronLeft} size={18} aria-hidden="true" />
        <FormattedMessage id="nav.previous" />
      </Button>
      {step === CHECKOUT_STEP ? null : (
      <Button className="button primary" isDisabled={disabled || spinning} onPress={() => (continueGuard?.current?.() ? undefined : go(nextPath, true))} data-pending={spinning || undefined}>
        {spinning ? <span className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} /> : null}
        <FormattedMessage id={nextButtonKey(flow, step, saleOf(config).rules)} />
        <Icon node={ChevronRight} size={18} aria-hidden="true" />
      </Button>
      )}
    </nav>
  );
}
