import { type ReactNode, Suspense, useCallback, useState } from "react";
import { Button, type ButtonProps } from "react-aria-components";

/** What a LoadOnFirstUse placeholder is handed: `use` mounts the real widget (its code loads meanwhile), `prefetch` only fetches its code (on hover or focus), `loading` is true between the two. */
export interface FirstUse {
  readonly use: () => void;
  readonly prefetch: () => void;
  readonly loading: boolean;
}

/**
 * A widget whose code loads on its first use, not with the page: until then `placeholder` renders a
 * look-alike that works as its trigger (a real, labelled button); `use` mounts `children` (the React.lazy widget, told
 * to open and take focus as it mounts) with the placeholder shown until its code is there. A visitor who never opens
 * the language menu or a quantity list never loads, renders or waits for it. `load` is the widget's import, for prefetching.
 */
export function LoadOnFirstUse({ load, placeholder, children }: { load: () => Promise<unknown>; placeholder: (firstUse: FirstUse) => ReactNode; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const prefetch = useCallback(() => void load().catch(() => undefined), [load]);
  const use = useCallback(() => setUsed(true), []);
  if (!used) return placeholder({ use, prefetch, loading: false });
  return <Suspense fallback={placeholder({ use, prefetch, loading: true })}>{children}</Suspense>;
}

/**
 * The trigger of a widget before its code is loaded, for a LoadOnFirstUse placeholder: a collapsed react-aria Button
 * (`aria-expanded="false"`) that mounts the widget on a press (Enter, Space) and fetches its code on hover or focus.
 * `kind` says what the widget opens: "listbox" (a Select's list, the default) also announces the pop-up
 * (`aria-haspopup="listbox"`) and opens on an arrow key, as the Select's own trigger does; "disclosure" (a Disclosure's
 * panel) opens on a press only. Other props (name, class, children) are the Button's.
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
