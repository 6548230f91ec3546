import { AccountLimitDialog } from "./account-limit-dialog.tsx";
import { QueueReturnEffects } from "./queue-return.tsx";
import { ShopClosedDialog } from "./shop-closed-dialog.tsx";

/** The shop frame's effects that wait for the page to be live: the way back from the waiting room, the 8001 notice at the first add and the 4000 notice on arrival. Renders nothing. */
export function ShopLiveEffects() {
  return (
    <>
      <QueueReturnEffects />
      <AccountLimitDialog />
      <ShopClosedDialog />
    </>
  );
}
