import {describe, expect, it} from 'vitest';
import {learnPrior, priorExamples, type PriorSettings} from '../src/build/learnPrior';
import * as queryPrior from '../src/queryPrior';
import {clientKeystroke, MODAL_REQUEST} from '../support/searchLatency.mjs';

const SETTINGS: PriorSettings = {lambda: 1, alpha: 0.5, minWordCount: 1, bestBetWeight: 1};

/** A prior taught that readers who type "renew" want /renew. */
const prior = learnPrior(
  priorExamples(
    [
      {q: 'renew', expect: ['/renew']},
      {q: 'renew certificate', expect: ['/renew']},
      // Three examples of "renew": with two, the fusion's √P (0.90 against 0.44) would not lift
      // /renew above a first /outway.
      {q: 'renew the certificate', expect: ['/renew']},
      {q: 'outway', expect: ['/outway']},
    ],
    [],
    SETTINGS,
  ),
  SETTINGS,
);

/** A back end that answers every request with /outway first, /renew second, and keeps the requests. */
function backEnd() {
  const requests: Record<string, unknown>[] = [];
  const search = (params: object) => {
    requests.push(params as Record<string, unknown>);
    return {hits: [{url: 'https://docs.invalid/outway'}, {url: 'https://docs.invalid/renew'}]};
  };
  return {requests, search};
}

// The keystroke search-against.mjs times for this checkout must be what the site's client does
// with a prior: the engine's answer fused, not the engine's answer alone.
describe('a keystroke as the benchmarks time it', () => {
  it('with a prior, asks for the window the prior re-orders and returns the hits fused', () => {
    const {requests, search} = backEnd();
    const run = clientKeystroke(search, {facetFilters: ['x']}, () => ({}), {
      prior,
      module: queryPrior,
    });
    expect(run('renew')).toEqual([
      {url: 'https://docs.invalid/renew'},
      {url: 'https://docs.invalid/outway'},
    ]);
    expect(requests).toEqual([
      {
        facetFilters: ['x'],
        ...MODAL_REQUEST,
        query: 'renew',
        hitsPerPage: queryPrior.priorWindow(0, MODAL_REQUEST.hitsPerPage)?.hitsPerPage,
      },
    ]);
  });

  it("without a prior, or for an empty query, is the back end's answer with the question parameters", () => {
    const {requests, search} = backEnd();
    const questionParams = (query: string) => ({optionalWords: query.split(' ')});
    const answer = search({});
    expect(clientKeystroke(search, {}, questionParams, null)('renew it')).toEqual(answer);
    expect(clientKeystroke(search, {}, questionParams, {prior, module: queryPrior})(' ')).toEqual(
      answer,
    );
    expect(requests.slice(1)).toEqual([
      {...MODAL_REQUEST, optionalWords: ['renew', 'it'], query: 'renew it'},
      {...MODAL_REQUEST, optionalWords: ['', ''], query: ' '},
    ]);
  });
});
