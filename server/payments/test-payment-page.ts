import { formatEuro, type Cents } from "../../domain/money.ts";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The test provider's accessible payment page: heading, amount (formatEuro of cents), four outcome buttons posting `outcome`. */
export const testPaymentPage = (input: { paymentId: string; amount: Cents; method: string; status: string }): string => {
  const action = `/test-payments/${encodeURIComponent(input.paymentId)}`;
  const settled = input.status !== "open";
  const button = (outcome: string, label: string) =>
    `<button type="submit" name="outcome" value="${outcome}">${label}</button>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;margin:.25rem;padding:.5rem 1rem}</style>
</head>
<body>
<main>
<h1>Test payment</h1>
<p>Amount to pay: <strong>${escapeHtml(formatEuro(input.amount))}</strong></p>
<p>Payment method: ${escapeHtml(input.method)}</p>
${settled ? `<p role="status">This payment is already settled (${escapeHtml(input.status)}).</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>Choose the outcome of this test payment</legend>
${button("pay", "Pay")}
${button("fail", "Fail")}
${button("cancel", "Cancel")}
${button("pending", "Leave pending")}
</fieldset>
</form>
</main>
</body>
</html>`;
};
