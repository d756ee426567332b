import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

type Path = {title: string; to: string; linkLabel: string; description: string};

const paths: Path[] = [
  {
    title: 'Understand FSC',
    to: '/introduction/',
    linkLabel: 'Read the introduction',
    description:
      'What the standard agrees on, which components a Peer runs, and how Contracts decide who may call which service.',
  },
  {
    title: 'Try it with Docker',
    to: '/try-fsc/docker/introduction',
    linkLabel: 'Start the Docker tutorial',
    description:
      'Run a Peer on your own machine with Docker Compose, join the demo Group and offer a first API.',
  },
  {
    title: 'Try it with Helm',
    to: '/try-fsc/helm/introduction',
    linkLabel: 'Start the Helm tutorial',
    description:
      'Install every component on Kubernetes step by step, from namespace and certificates to a working API call.',
  },
  {
    title: 'Run it in production',
    to: '/fsc-in-production/deployment-strategies',
    linkLabel: 'Plan a production set-up',
    description:
      'Network and ports, certificates and their renewal, OpenID Connect, authorization, metrics and system requirements.',
  },
];

const components: {name: string; role: string}[] = [
  {name: 'Directory', role: 'where Peers and their services are found'},
  {name: 'Manager', role: 'negotiates Contracts and issues access tokens'},
  {name: 'Controller', role: 'web interface and APIs to manage your set-up'},
  {name: 'Inway', role: 'offers your APIs to other organisations'},
  {name: 'Outway', role: 'lets your applications call other organisations'},
  {name: 'Transaction log', role: 'records every request, on both sides'},
  {name: 'Audit log', role: 'records who changed what in your set-up'},
];

export default function Home(): ReactNode {
  return (
    <Layout
      title="Federated Service Connectivity"
      description="Documentation of FSC, the standard Dutch government organisations use to exchange data between organisations, and of its reference implementation.">
      <main>
        <div className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.heroTitle}>
              Federated Service Connectivity
            </Heading>
            <p className={styles.heroLead}>
              FSC is the standard that Dutch government organisations and their suppliers use to
              connect their APIs across organisations: services are found in a shared Directory,
              every connection rests on a signed Contract, traffic runs over mutual TLS and every
              request is logged on both sides. These pages explain the standard and its open-source
              reference implementation, and take you from a first try to production.
            </p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" to="/introduction/">
                Read the introduction
              </Link>
              <Link
                className="button button--secondary button--lg"
                to="/try-fsc/docker/introduction">
                Try FSC with Docker
              </Link>
            </div>
          </div>
        </div>
        <section className={styles.section} aria-labelledby="paths-heading">
          <div className="container">
            <Heading as="h2" id="paths-heading">
              Where do you want to start?
            </Heading>
            <ul className={styles.cards}>
              {paths.map((path) => (
                <li key={path.to}>
                  <div className={styles.card}>
                    <Heading as="h3">{path.title}</Heading>
                    <p>{path.description}</p>
                    <Link to={path.to}>{path.linkLabel}</Link>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section className={styles.section} aria-labelledby="components-heading">
          <div className="container">
            <Heading as="h2" id="components-heading">
              The parts of an FSC set-up
            </Heading>
            <ul className={styles.components}>
              {components.map((component) => (
                <li key={component.name}>
                  <strong>{component.name}</strong>: {component.role}
                </li>
              ))}
            </ul>
            <p>
              <Link to="/introduction/components">How the components work together</Link>
              {' · '}
              <Link to="/support/contact">Get help</Link>
            </p>
          </div>
        </section>
      </main>
    </Layout>
  );
}
