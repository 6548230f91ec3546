import { openPglite } from "./server-harness.ts";
import { vouchersOrdersSuite } from "./vouchers-orders.suite.ts";

vouchersOrdersSuite("PGlite (memory://)", openPglite);
