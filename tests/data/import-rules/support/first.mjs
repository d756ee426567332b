import {second} from './second.mjs';
export const first = () => second();
