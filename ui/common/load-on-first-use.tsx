import { type ReactNode, Suspense, useCallback, useState } from "react";
import { Button, type ButtonProps } from "react-aria-components";

/** What a LoadOnFirstUse placeholder is handed: `use` mounts the real widget (its code loads meanwhile), `prefetch` only fetches its code (on hover or focus), `loading` is true between the two. */
export interface FirstUse {
  readonly use: () => void;
  readonly prefetch: () => void;
  readonly loading: boolean;
}

/**
 * A widget whose code loads on first use: `placeholder` renders a working look-alike trigger until then, `use` mounts
 * the lazy `children`; `load` is its import, for prefetching.
 */
export function LoadOnFirstUse({ load, placeholder, children }: { load: () => Promise<unknown>; placeholder: (firstUse: FirstUse) => ReactNode; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const prefetch = useCallback(() => void load().catch(() => undefined), [load]);
  const use = useCallback(() => setUsed(true), []);
  if (!used) return placeholder({ use, prefetch, loading: false });
  return <Suspense fallback={placeholder({ use, prefetch, loading: true })}>{children}</Suspense>;
}

/**
 * A LoadOnFirstUse placeholder's trigger: a collapsed Button that mounts the widget on a press and fetches its code on
 * hover or focus; `kind` "listbox" also opens on an arrow key.
 */
export function FirstUseButton({ firstUse, kind = "listbox", ...props }: Omit<ButtonProps, "onPress" | "onHoverStart" | "onFocus" | "onKeyDown" | "isPending"> & { readonly firstUse: FirstUse; readonly kind?: "listbox" | "disclosure" }) {
  return (
    <Button
      {...props}
      aria-haspopup={kind === "listbox" ? "listbox" : undefined}
      aria-expanded={false}
      isPending={firstUse.loading}
      onPress={firstUse.use}
      onHoverStart={firstUse.prefetch}
      onFocus={firstUse.prefetch}
      onKeyDown={(event) => {
        if (kind === "listbox" && (event.key === "ArrowDown" || event.key === "ArrowUp")) firstUse.use();
        else event.continuePropagation();
      }}
    />
  );
}
