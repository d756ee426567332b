import pluginNoSymlinks from '../plugins/no-symlinks';
export const settings = pluginNoSymlinks();
