import {first} from './first.mjs';
export const second = () => first;
