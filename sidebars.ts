import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * One sidebar, `docs`, in the reading order of the specification. Categories cannot collapse, so
 * each category label links to its first page: a label without a link would be an anchor without
 * an address, which neither crawlers nor keyboard users can follow.
 */
const sidebars: SidebarsConfig = {
  docs: [
    {
      type: 'category',
      label: 'Introduction',
      link: {type: 'doc', id: 'introduction/index'},
      items: ['introduction/index', 'introduction/components', 'introduction/functional-description'],
    },
    {
      type: 'category',
      label: 'Try FSC with Docker',
      link: {type: 'doc', id: 'try-fsc/docker/introduction'},
      items: ['try-fsc/docker/introduction',
        'try-fsc/docker/setup-your-environment',
        'try-fsc/docker/getting-up-and-running',
        'try-fsc/docker/provide-an-api',
        'try-fsc/docker/retrieve-a-demo-certificate',
      ],
    },
    {
      type: 'category',
      label: 'Try FSC with Helm',
      link: {type: 'doc', id: 'try-fsc/helm/introduction'},
      items: ['try-fsc/helm/introduction',
        'try-fsc/helm/0-preparation',
        'try-fsc/helm/1-create-namespace',
        'try-fsc/helm/2-create-certificate',
        'try-fsc/helm/3-postgresql',
        'try-fsc/helm/4-transaction-log',
        'try-fsc/helm/5-auditlog',
        'try-fsc/helm/6-manager',
        'try-fsc/helm/7-controller',
        'try-fsc/helm/8-inway',
        'try-fsc/helm/9-outway',
        'try-fsc/helm/10-sample-api',
        'try-fsc/helm/11-access-api',
        'try-fsc/helm/finish',
      ],
    },
    {
      type: 'category',
      label: 'FSC in production',
      link: {type: 'doc', id: 'fsc-in-production/deployment-strategies'},
      items: ['fsc-in-production/deployment-strategies',
        'fsc-in-production/environments',
        'fsc-in-production/hosting-a-directory',
        'fsc-in-production/metrics-endpoint',
        'fsc-in-production/network-overview',
        'fsc-in-production/renew-certificates',
        'fsc-in-production/setup-authorization',
        'fsc-in-production/setup-oidc',
        'fsc-in-production/system-requirements',
      ],
    },
    {
      type: 'category',
      label: 'Support',
      link: {type: 'doc', id: 'support/contact'},
      items: ['support/contact', 'support/release-strategy'],
    },
  ],
};

export default sidebars;
