import { createElement, type SVGProps } from "react";
import type { IconNode } from "lucide";

/** Props of an Icon: the icon's SVG shapes (`node`, an icon of the `lucide` package), its size in px (24 by default), and the SVG's own attributes (aria-hidden, aria-label, className, fill). */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { readonly node: IconNode; readonly size?: number };

/**
 * One lucide icon (docs/architecture.md "Conventions") as an inline 24×24 stroked SVG, drawn as lucide draws it; a
 * lighter stand-in for lucide-react. Decorative icons pass aria-hidden="true".
 */
export function Icon({ node, size = 24, ...props }: IconProps) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
      {node.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))}
    </svg>
  );
}
