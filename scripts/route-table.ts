// The app's routes read from its route tables (ui/**/*.tsx): URL pattern and lazy route modules, for the bundle
// budget (scripts/bundle-weights.ts) and the per-route modulepreload list written at build time (vite.config.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** A route of the app's route table: its URL pattern (`:slug` shown as `{slug}`), the lazy route modules it loads, outermost layout first, and the message areas its screens name (ui/i18n/message-areas.tsx, loaded with them). */
export interface RouteModules {
  readonly route: string;
  readonly modules: ReadonlyArray<string>;
  readonly messageAreas?: ReadonlyArray<string>;
}

/** Every TypeScript source file (`.ts`, `.tsx`) below `dir`, as paths joined onto `dir`. */
export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** Every route module of the web app (files named `*.route.tsx` below ui/), as project-relative paths. */
export const sourceRouteModules = (root: string): string[] =>
  sourceFiles(path.join(root, "ui"))
    .filter((file) => file.endsWith(".route.tsx"))
    .map((file) => path.relative(root, file).split(path.sep).join("/"));

const propertyOf = (object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined => {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) && property.name.text === name) return property.initializer;
  }
  return undefined;
};

/**
 * The module a route object loads lazily, relative to the project root, or undefined: a `lazy: () => import("./x.route.tsx")…`
 * property, or a spread of a helper call given the import (`...screen(() => import("./x.route.tsx"), "X")` in ui/app.tsx).
 */
const lazyImportOf = (object: ts.ObjectLiteralExpression, file: string, root: string): string | undefined => {
  const spread = object.properties.find((p): p is ts.SpreadAssignment => ts.isSpreadAssignment(p) && ts.isCallExpression(p.expression));
  const lazy = propertyOf(object, "lazy") ?? spread?.expression;
  if (!lazy) return undefined;
  let specifier: string | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifier ??= node.arguments[0].text;
    }
    ts.forEachChild(node, visit);
  };
  visit(lazy);
  return specifier ? path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep).join("/") : undefined;
};

/** The message areas a route object's screen names: the string literals of the third argument of its spread helper call (`...screen(() => import("./x.route.tsx"), "X", ["items"])`). */
const messageAreasOf = (object: ts.ObjectLiteralExpression): string[] => {
  const spread = object.properties.find((p): p is ts.SpreadAssignment => ts.isSpreadAssignment(p) && ts.isCallExpression(p.expression));
  const areas = spread && ts.isCallExpression(spread.expression) ? spread.expression.arguments[2] : undefined;
  return areas && ts.isArrayLiteralExpression(areas) ? areas.elements.flatMap((e) => (ts.isStringLiteralLike(e) ? [e.text] : [])) : [];
};

const joinPaths = (parent: string, child: string | undefined): string => {
  if (child === undefined) return parent || "/";
  if (child.startsWith("/")) return child;
  return `${parent.replace(/\/$/, "")}/${child}`;
};

/**
 * The routes of the app's route tables read from the source, plus every lazy `*.route.tsx` module of the build no table
 * names, so a new route is covered without editing this file.
 */
export const appRoutes = (root: string, lazyModules: ReadonlyArray<string>): RouteModules[] => {
  const found: RouteModules[] = [];
  for (const file of sourceFiles(path.join(root, "ui"))) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("import(")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node): void => {
      // A route object that renders a page: it has a lazy module and no child routes (a layout is weighed with each child).
      if (ts.isObjectLiteralExpression(node) && lazyImportOf(node, file, root) && !propertyOf(node, "children")) {
        // Walk up through `children: [...]` to the enclosing route objects: their paths and lazy layouts.
        const chain: ts.ObjectLiteralExpression[] = [];
        for (let current: ts.Node | undefined = node; current; current = current.parent) {
          if (ts.isObjectLiteralExpression(current)) chain.unshift(current);
        }
        let route = "";
        const modules: string[] = [];
        const messageAreas: string[] = [];
        for (const object of chain) {
          const pathInit = propertyOf(object, "path");
          route = joinPaths(route, pathInit && ts.isStringLiteralLike(pathInit) ? pathInit.text : undefined);
          const module = lazyImportOf(object, file, root);
          if (module) modules.push(module);
          messageAreas.push(...messageAreasOf(object));
        }
        found.push({ route: route.replace(/:([A-Za-z]+)/g, "{$1}") || "/", modules, messageAreas });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const named = new Set(found.flatMap((r) => r.modules));
  for (const key of lazyModules) {
    if (/\.route\.tsx$/.test(key) && !named.has(key)) found.push({ route: `(${key}, in no route table)`, modules: [key] });
  }
  for (const r of found) {
    for (const module of r.modules) if (!lazyModules.includes(module)) throw new Error(`route ${r.route}: ${module} is no lazy module of the build`);
  }
  return found;
};

