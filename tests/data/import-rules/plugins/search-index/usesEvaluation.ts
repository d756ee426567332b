import {evaluate} from '../../scripts/lib/searchEvaluation';
export const summary = evaluate();
