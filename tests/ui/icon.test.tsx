// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { Check, ShoppingCart } from "lucide";
import { afterEach, describe, expect, it } from "vitest";
import { Icon } from "../../ui/common/icon.tsx";

afterEach(cleanup);

// docs/architecture.md "Conventions": one tree-shaken SVG icon set; lucide's shapes drawn as lucide draws them (without lucide-react).
describe("Icon", () => {
  it("draws the icon's shapes in a 24×24 view box, stroked in the text colour, at the size asked for", () => {
    const { container } = render(<Icon node={ShoppingCart} size={18} aria-hidden="true" />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("viewBox")).toBe("0 0 24 24");
    expect([svg.getAttribute("width"), svg.getAttribute("height")]).toEqual(["18", "18"]);
    expect([svg.getAttribute("stroke"), svg.getAttribute("fill"), svg.getAttribute("stroke-width")]).toEqual(["currentColor", "none", "2"]);
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    expect([...svg.children].map((shape) => shape.tagName)).toEqual(ShoppingCart.map(([tag]) => tag));
    expect(svg.querySelector("path")?.getAttribute("d")).toBe(ShoppingCart.find(([tag]) => tag === "path")?.[1]["d"]);
  });

  it("is 24 px by default and takes the SVG's own attributes over its defaults (a filled star, a label)", () => {
    const { container } = render(<Icon node={Check} fill="currentColor" aria-label="Completed" />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("width")).toBe("24");
    expect(svg.getAttribute("fill")).toBe("currentColor");
    expect(svg.getAttribute("aria-label")).toBe("Completed");
  });
});
