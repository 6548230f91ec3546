import { createElement, type SVGProps } from "react";
import type { IconNode } from "lucide";

/** Props of an Icon: the icon's SVG shapes (`node`, an icon of the `lucide` package), its size in px (24 by default), and the SVG's own attributes (aria-hidden, aria-label, className, fill). */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { readonly node: IconNode; readonly size?: number };

/**
 * One icon of lucide's set (docs/architecture.md "Conventions": one tree-shaken SVG icon set) as an inline SVG: 24×24 view box, stroked
 * in the text colour at width 2 with round caps and joins, as lucide draws them. The shapes come from the `lucide`
 * package (`import { Check } from "lucide"`: one module per icon, so each page carries only its own icons); this
 * renderer stands in for lucide-react's components, whose shared base (a context provider, stroke scaling, a11y
 * inference: ~1 KiB gzipped on every page) the shop does not use. Decorative icons pass aria-hidden="true".
 */
export function Icon({ node, size = 24, ...props }: IconProps) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
      {node.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))}
    </svg>
  );
}
