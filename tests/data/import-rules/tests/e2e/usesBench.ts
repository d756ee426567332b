import {figures} from '../../bench/figures.mjs';
export const measured = figures();
