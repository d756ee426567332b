// DocSearch 3.9.0 ships the `modal` and `style` entry points without type declarations.
declare module '@docsearch/react/modal' {
  export {DocSearchModal} from '@docsearch/react';
}
declare module '@docsearch/react/style';
