import { Button, Dialog, DialogTrigger, Heading, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { History, UserRound } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Money } from "../common/money.tsx";
import { useQuery } from "@tanstack/react-query";
import type { OriginalOrder } from "../../domain/order-lookup.schema.ts";
import { MY_FESTIVAL_PATH } from "../../domain/site-pages.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAddOnOrders } from "../shop/add-on-orders.ts";
import { useAsyncUseCase } from "../use-cases.tsx";

/**
 * The logged-in user's profile menu (spec §2 Header, §4 Login state): the profile icon opening a react-aria Menu with
 * My festival (the account's orders, spec §6), Account and Log out. Its own chunk: it shows only after single sign-on has found a user.
 */
export function ProfileAccountMenu({ label, onAccount, onLogout }: { label: string; onAccount: () => void; onLogout: () => void }) {
  return (
    <MenuTrigger>
      <Button className="button ghost header-button icon-only" aria-label={label}>
        <Icon node={UserRound} size={20} aria-hidden="true" />
      </Button>
      <Popover className="popover">
        <Menu className="menu" aria-label={label} onAction={(key) => (key === "logout" ? onLogout() : key === "account" ? onAccount() : undefined)}>
          <MenuItem id="myfestival" className="listbox-item" href={MY_FESTIVAL_PATH}>
            <FormattedMessage id="step.myFestival" />
          </MenuItem>
          <MenuItem id="account" className="listbox-item">
            <FormattedMessage id="header.account" />
          </MenuItem>
          <MenuItem id="logout" className="listbox-item">
            <FormattedMessage id="header.logout" />
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The Previous orders button of an add-on shop and its popover listing each order's reference and purchases with their quantity and price (spec §2 Header, §3 Previous order). Its own chunk. */
function PreviousOrdersPopover({ label, orders }: { label: string; orders: ReadonlyArray<OriginalOrder> }) {
  return (
    <DialogTrigger>
      <Button className="button ghost header-button" aria-label={label}>
        <Icon node={History} size={18} aria-hidden="true" />
        <span className="header-button-text">{label}</span>
      </Button>
      <Popover className="popover">
        <Dialog className="dialog previous-orders">
          <Heading slot="title" level={2}>
            {label}
          </Heading>
          {orders.map((order) => (
            <section key={order.reference}>
              <h3>#{order.reference}</h3>
              <ul>
                {order.purchases.map((p, i) => (
                  <li key={`${order.reference}-${i}`}>
                    {p.quantity} × {p.title} · <Money cents={p.price} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

/**
 * Previous orders of an add-on shop (spec §2 Header, §3 Previous order): this visit's lookup, else the logged-in
 * user's; the button and its list when one has purchases.
 */
export function AddOnPreviousOrders({ email, label }: { email: string | undefined; label: string }) {
  const { context } = useCurrentShop();
  const visitOrders = useAddOnOrders();
  const findPreviousOrders = useAsyncUseCase((m) => m.FindPreviousOrders);
  const orders = useQuery({
    queryKey: ["previous-orders", context.apiNamespace, email, context.cartToken ?? ""],
    queryFn: () => findPreviousOrders.execute({ context, keys: { consumer_email: email } }),
    enabled: email !== undefined && visitOrders === null,
    staleTime: 60_000,
    retry: false,
  });
  const found = visitOrders ?? (orders.data || null);
  const list = found ? found.original_orders.filter((o) => o.purchases.length > 0) : [];
  return list.length === 0 ? null : <PreviousOrdersPopover label={label} orders={list} />;
}
