import {evaluate} from '../evaluation/searchEvaluation';
export const summary = evaluate();
