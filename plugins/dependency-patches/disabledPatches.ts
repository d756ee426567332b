import type {Env} from '../../config/site';
import {PATCHES, type PatchId} from './index';

const ids = Object.keys(PATCHES) as PatchId[];

/**
 * The dependency patches to leave out of a build, from FSC_PATCHES_OFF: unset or empty for none,
 * `performance` for every performance patch (the A/B build of `npm run bench:pages`), or a
 * comma-separated list of patch ids from plugins/dependency-patches/README.md.
 */
export function resolveDisabledPatches(env: Env): PatchId[] {
  const raw = env.FSC_PATCHES_OFF?.trim();
  if (!raw) return [];
  if (raw === 'performance') return ids.filter((id) => PATCHES[id] === 'performance');
  return raw.split(',').map((entry) => {
    const id = entry.trim();
    if (!(ids as string[]).includes(id)) {
      throw new Error(
        `FSC_PATCHES_OFF names an unknown patch "${id}": use "performance" or a comma-separated list of ${ids.join(', ')}`,
      );
    }
    return id as PatchId;
  });
}
