// nprogress 0.2.0 ships no types: the one call the site makes (src/clientModules/progressBar.ts).
declare module 'nprogress' {
  const nprogress: {configure(options: {template?: string; barSelector?: string}): unknown};
  export default nprogress;
}
