import {expect, it} from 'vitest';
import {CONCEPT_SECTION, REFERENCE_SECTIONS} from '@fsc-docs/search/questionRules';
import sidebars from '../../sidebars';

// The search package's question rules name sections of the site's sidebar: renaming a section
// must not silently turn a rule off.
it("names only sections of the site's sidebar in the question rules", () => {
  const labels = (sidebars.docs as {label?: string}[]).map((category) => category.label);
  for (const section of [CONCEPT_SECTION, ...REFERENCE_SECTIONS]) expect(labels).toContain(section);
});
