import type {DocSearchRecord, RecordType} from '../../src/types';

export const SITE = 'https://docs.example.org';

export interface RecordSpec {
  path: string;
  anchor?: string;
  type: RecordType;
  lvl0: string;
  lvl1: string;
  lvl2?: string;
  lvl3?: string;
  content?: string;
  position: number;
  language?: string;
  tag?: string;
}

const LEVEL: Record<RecordType, number> = {
  lvl0: 100,
  lvl1: 90,
  lvl2: 80,
  lvl3: 70,
  lvl4: 60,
  lvl5: 50,
  lvl6: 40,
  content: 0,
};

export function rec(spec: RecordSpec): DocSearchRecord {
  const base = SITE + spec.path;
  return {
    objectID: `${spec.path}-${spec.position}`,
    url: spec.anchor ? `${base}#${spec.anchor}` : base,
    url_without_anchor: base,
    anchor: spec.anchor ?? null,
    type: spec.type,
    hierarchy: {
      lvl0: spec.lvl0,
      lvl1: spec.lvl1,
      lvl2: spec.lvl2 ?? null,
      lvl3: spec.lvl3 ?? null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    },
    content: spec.content ?? null,
    weight: {level: LEVEL[spec.type], position: spec.position, pageRank: 0},
    language: spec.language ?? 'en',
    docusaurus_tag: spec.tag ?? 'docs-default-current',
  };
}

const HELM = 'Try FSC with Helm';
const INTRO = 'Introduction';

/** A small corpus shaped like the real site's records. */
export function corpus(): DocSearchRecord[] {
  return [
    // /introduction/components
    rec({
      path: '/introduction/components',
      type: 'lvl1',
      lvl0: INTRO,
      lvl1: 'Components',
      position: 0,
    }),
    rec({
      path: '/introduction/components',
      type: 'content',
      lvl0: INTRO,
      lvl1: 'Components',
      position: 1,
      content: 'An FSC set-up consists of a manager, a controller, an inway and an outway.',
    }),
    rec({
      path: '/introduction/components',
      anchor: 'outway',
      type: 'lvl2',
      lvl0: INTRO,
      lvl1: 'Components',
      lvl2: 'Outway',
      position: 2,
    }),
    rec({
      path: '/introduction/components',
      anchor: 'outway',
      type: 'content',
      lvl0: INTRO,
      lvl1: 'Components',
      lvl2: 'Outway',
      position: 3,
      content: 'The outway sends requests of your applications to other organisations.',
    }),
    rec({
      path: '/introduction/components',
      anchor: 'management-api',
      type: 'lvl2',
      lvl0: INTRO,
      lvl1: 'Components',
      lvl2: 'Management API',
      position: 4,
    }),
    rec({
      path: '/introduction/components',
      anchor: 'management-api',
      type: 'content',
      lvl0: INTRO,
      lvl1: 'Components',
      lvl2: 'Management API',
      position: 5,
      content:
        'The controller uses the management API of the manager to create contracts & services.',
    }),
    // /try-fsc/helm/5-auditlog
    rec({
      path: '/try-fsc/helm/5-auditlog',
      type: 'lvl1',
      lvl0: HELM,
      lvl1: '5. Audit log',
      position: 0,
    }),
    rec({
      path: '/try-fsc/helm/5-auditlog',
      type: 'content',
      lvl0: HELM,
      lvl1: '5. Audit log',
      position: 1,
      content:
        'The audit log records every change that a manager makes, so that an organisation can show who did what and when.',
    }),
    rec({
      path: '/try-fsc/helm/5-auditlog',
      anchor: 'install',
      type: 'lvl2',
      lvl0: HELM,
      lvl1: '5. Audit log',
      lvl2: 'Install the chart',
      position: 2,
    }),
    rec({
      path: '/try-fsc/helm/5-auditlog',
      anchor: 'install',
      type: 'content',
      lvl0: HELM,
      lvl1: '5. Audit log',
      lvl2: 'Install the chart',
      position: 3,
      content: 'Install the auditlog chart with the values file.',
    }),
    // /try-fsc/helm/6-manager
    rec({
      path: '/try-fsc/helm/6-manager',
      type: 'lvl1',
      lvl0: HELM,
      lvl1: '6. Manager',
      position: 0,
    }),
    rec({
      path: '/try-fsc/helm/6-manager',
      type: 'content',
      lvl0: HELM,
      lvl1: '6. Manager',
      position: 1,
      content: 'In this step you install the manager of your organisation.',
    }),
    rec({
      path: '/try-fsc/helm/6-manager',
      anchor: 'environments',
      type: 'lvl2',
      lvl0: HELM,
      lvl1: '6. Manager',
      lvl2: 'Environments',
      position: 2,
    }),
    // /try-fsc/helm/9-outway
    rec({path: '/try-fsc/helm/9-outway', type: 'lvl1', lvl0: HELM, lvl1: '9. Outway', position: 0}),
    rec({
      path: '/try-fsc/helm/9-outway',
      type: 'content',
      lvl0: HELM,
      lvl1: '9. Outway',
      position: 1,
      content:
        'Install the outway so that your applications can reach services of other organisations.',
    }),
    // the home page (tag default)
    rec({
      path: '/',
      type: 'lvl1',
      lvl0: 'FSC docs',
      lvl1: 'Federated Service Connectivity',
      position: 0,
      tag: 'default',
    }),
    rec({
      path: '/',
      type: 'content',
      lvl0: 'FSC docs',
      lvl1: 'Federated Service Connectivity',
      position: 1,
      tag: 'default',
      content: 'Connect the APIs of organisations with FSC.',
    }),
    // another language (filtered out by language:en)
    rec({
      path: '/nl/introduction/components',
      type: 'lvl1',
      lvl0: 'Introductie',
      lvl1: 'Componenten',
      position: 0,
      language: 'nl',
      content: undefined,
    }),
    rec({
      path: '/nl/introduction/components',
      type: 'content',
      lvl0: 'Introductie',
      lvl1: 'Componenten',
      position: 1,
      language: 'nl',
      content: 'De outway verstuurt verzoeken naar de inway.',
    }),
  ];
}

/** The facet filters Docusaurus' contextual search sends. */
export const DOCSEARCH_FILTERS = [
  'language:en',
  ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
];
