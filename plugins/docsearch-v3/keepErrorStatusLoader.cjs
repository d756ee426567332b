// Bundler loader for @docsearch/react 3.9.0's ESM build: see index.ts for why.
const RESET_TO_IDLE = '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))';
const KEEP_ERROR = '.finally((function(){"error"!==c.getState().status&&p("idle"),lt&&o.environment.clearTimeout(lt)}))';

function keepErrorStatus(source) {
  const found = source.split(RESET_TO_IDLE).length - 1;
  if (found !== 1) {
    throw new Error(
      `fsc-docsearch-v3: expected the status reset of @docsearch/react 3.9.0 exactly once, found it ${found} times. ` +
        'DocSearch was upgraded or changed: check whether "Unable to fetch results" still shows, then update or remove this loader.',
    );
  }
  return source.replace(RESET_TO_IDLE, KEEP_ERROR);
}

module.exports = keepErrorStatus;
module.exports.keepErrorStatus = keepErrorStatus;
