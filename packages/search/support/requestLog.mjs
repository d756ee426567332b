// @ts-check
// Round trips in sequence among a page's requests, from when each arrived at the server and was
// answered (the search-scale benchmark, packages/search/bench/search-scale.mjs, reads them from
// its server, gzipServer.mjs): a request's depth is one more than the deepest request answered
// before it arrived, so that requests made together count as one round trip however many there
// are, and a request made only after another's answer counts one more.

/**
 * @param {readonly {arrived: number, answered: number}[]} requests
 * @returns {number} the greatest depth, 0 for no request
 */
export function roundTrips(requests) {
  /** @type {{answered: number, depth: number}[]} */
  const seen = [];
  for (const request of [...requests].sort((a, b) => a.arrived - b.arrived)) {
    const before = seen.filter((other) => other.answered <= request.arrived);
    seen.push({
      answered: request.answered,
      depth: 1 + Math.max(0, ...before.map((other) => other.depth)),
    });
  }
  return Math.max(0, ...seen.map((request) => request.depth));
}
