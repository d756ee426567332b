// Node module hooks that let the plain-Node scripts (eval, bench, push)
// import the project's TypeScript modules directly: `.ts` files are
// transpiled on load with the project's own `typescript` (no type checking;
// `npm run typecheck` does that), and extensionless relative imports
// between them resolve to `.ts` files the way the bundler resolves them.
// Transpiled output is cached in node_modules/.cache/fsc-ts-loader.
// Registered by ./register-ts.mjs.
import {createHash} from 'node:crypto';
import {existsSync, statSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {fileURLToPath} from 'node:url';

const CACHE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/fsc-ts-loader/', import.meta.url),
);
let typescript;

const TS_FILE = /\.(ts|tsx|mts)$/;
const HAS_EXTENSION = /\.(c|m)?(j|t)sx?$|\.json$/;
const CANDIDATES = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function isFile(url) {
  const file = fileURLToPath(url);
  return existsSync(file) && statSync(file).isFile();
}

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (
    parent?.startsWith('file:') &&
    TS_FILE.test(parent) &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    !HAS_EXTENSION.test(specifier)
  ) {
    for (const suffix of CANDIDATES) {
      const url = new URL(specifier + suffix, parent);
      if (isFile(url)) return {url: url.href, shortCircuit: true};
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && TS_FILE.test(url)) {
    const fileName = fileURLToPath(url);
    const source = await readFile(fileName, 'utf8');
    const key = createHash('sha256').update(`v1\0${fileName}\0${source}`).digest('hex');
    const cached = `${CACHE_DIR}${key}.js`;
    if (existsSync(cached))
      return {format: 'module', source: await readFile(cached, 'utf8'), shortCircuit: true};
    typescript ??= (await import('typescript')).default;
    const ts = typescript;
    const {outputText} = ts.transpileModule(source, {
      fileName,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        jsx: ts.JsxEmit.ReactJSX,
        inlineSourceMap: true,
        inlineSources: true,
      },
    });
    try {
      await mkdir(CACHE_DIR, {recursive: true});
      await writeFile(cached, outputText);
    } catch {
      /* the cache is an optimisation only */
    }
    return {format: 'module', source: outputText, shortCircuit: true};
  }
  return nextLoad(url, context);
}
