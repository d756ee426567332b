export default function pluginNoSymlinks(): null {
  return null;
}
