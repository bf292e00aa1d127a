/**
 * A module a handler loads on first use only, by a specifier esbuild leaves alone (a constant, not
 * a literal): the stack bundles it apart, beside the handler's bundle (the function profile's
 * lazyModules), so a cold start that does not need it neither loads nor parses it. A failed load
 * is forgotten, so the next request tries again.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * The specifier of a lazy module beside the handler. Built at run time, never a literal: esbuild
 * bundles what a literal `import()` names, and takes a template literal for a glob of files.
 */
export function lazySpecifier(name: string): string {
  return `./${name}.js`;
}
