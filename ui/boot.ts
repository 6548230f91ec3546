// The script of a server-rendered page (issue 12, docs/performance.md), in place of the app's entry script: that page
// is complete HTML and paints without JavaScript, so the app (the build's entry, ui/main.tsx) and the route's modules
// are fetched and run only after the browser has painted it. On a phone the first paint then waits neither for the
// JavaScript's download (the stylesheets and the hero image keep the link) nor for its evaluation (about 0.4 s on a
// 4x slower CPU). A second entry of the build (vite.config.ts); the server names it in the page (site-routes.ts).

/**
 * Reads the modules the server listed for after the first paint (`<script type="application/json"
 * id="app-modules">`, server/http/site-routes.ts withRenderedPage): the app's entry first, then the route's own modules.
 */
const appModules = (): string[] => {
  const list = document.getElementById("app-modules")?.textContent;
  return list ? (JSON.parse(list) as string[]) : [];
};

/** Names every module as a modulepreload link (fetched in parallel, not run), then runs the app's entry. */
const start = (): void => {
  const [entry, ...modules] = appModules();
  for (const href of [entry, ...modules]) {
    if (!href) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  if (entry) void import(/* @vite-ignore */ entry);
};

// After the next frame has been painted (a task queued from requestAnimationFrame runs after that frame); a hidden tab
// paints no frames, so there it starts at once.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start, 0));
else start();
