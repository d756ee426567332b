/**
 * The results of a new search rendered in two steps: the first few, then, once they are painted,
 * all of them. The first result's heading is the page's largest paint (LCP) when it is opened with a
 * query; rendering, laying out and painting all 20 results in the task that shows the first cost a
 * phone several hundred milliseconds more before that paint, and blocked input as long. Every result
 * is still rendered, one frame later; a later page of results (scrolling) is appended whole.
 */
import {useEffect, useState} from 'react';

/** What the first step renders: the results a phone's first screen can show, and some. */
const FIRST_STEP = 5;

/**
 * @param items the results to show, a new array for each answer
 * @param isFirstPage whether they are a new search's first page (a later page comes whole)
 * @returns the results to render now
 */
export function useFirstResultsFirst<T>(items: T[], isFirstPage: boolean): T[] {
  const [whole, setWhole] = useState<T[] | null>(null);
  const split = isFirstPage && items.length > FIRST_STEP && whole !== items;
  useEffect(() => {
    if (!split) return undefined;
    // A frame's callback runs before its paint; a task queued from it runs after that paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setWhole(items), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [split, items]);
  return split ? items.slice(0, FIRST_STEP) : items;
}
