import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** One sidebar, `docs`, in the reading order of the specification. */
const sidebars: SidebarsConfig = {
  docs: [
    {
      type: 'category',
      label: 'Introduction',
      items: [
        'introduction/index',
        'introduction/components',
        'introduction/functional-description',
      ],
    },
    {
      type: 'category',
      label: 'Try FSC with Docker',
      items: [
        'try-fsc/docker/introduction',
        'try-fsc/docker/setup-your-environment',
        'try-fsc/docker/getting-up-and-running',
        'try-fsc/docker/provide-an-api',
        'try-fsc/docker/retrieve-a-demo-certificate',
      ],
    },
    {
      type: 'category',
      label: 'Try FSC with Helm',
      items: [
        'try-fsc/helm/introduction',
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
      items: [
        'fsc-in-production/deployment-strategies',
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
      items: ['support/contact', 'support/release-strategy'],
    },
  ],
};

export default sidebars;
