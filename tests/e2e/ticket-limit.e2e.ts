import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose } from "./support/checkout.ts";

/**
 * The ticket picker (spec §5 Quantities: "The picker offers up to maxTicketAmount plus one, minus tickets already in
 * the cart"; "Exceeding shows error 5004 and clamps"; §8 5004), in the demo shop with maxTicketAmount 10.
 */

test("the ticket picker offers one over the limit; choosing it says 5004 and puts the limit in the cart", async ({ page }) => {
  await page.goto("/lowlands-lights/tickets");
  const weekend = page.getByRole("article", { name: "Weekend ticket" });

  // 0 tickets in the cart: None, 1 … 10 and 11.
  await weekend.getByRole("button", { name: /\bQuantity\b/ }).click();
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options).toHaveText(["None", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]);
  await expectNoAxeViolations(page, "tickets, quantity list open");
  await page.getByRole("option", { name: "11", exact: true }).click();
  await weekend.getByRole("button", { name: "Add to cart" }).click();

  const tooMany = page.getByRole("dialog").filter({ hasText: "Too many tickets" });
  await expect(tooMany).toContainText("You can order at most 10 tickets.");
  await expectNoAxeViolations(page, "tickets, 5004 Too many tickets");
  await tooMany.getByRole("button", { name: "Close" }).click();
  await expect(weekend.getByText("10 in cart")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 2.295,00");

  // 10 tickets in the cart: another ticket's picker offers None and 1, and 1 is over the limit too.
  const saturday = page.getByRole("article", { name: "Saturday ticket" });
  await saturday.getByRole("button", { name: /\bQuantity\b/ }).click();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["None", "1"]);
  await page.getByRole("option", { name: "1", exact: true }).click();
  await saturday.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("dialog").filter({ hasText: "Too many tickets" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(saturday.getByText(/in cart/)).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 2.295,00");

  // Lowering works as before.
  await choose(page, weekend, "Quantity", "4");
  await weekend.getByRole("button", { name: "Update cart" }).click();
  await expect(weekend.getByText("4 in cart")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
