// @ts-check
// Debian's Chromium and the flags this machine needs: no sandbox as root, and no background calls
// to the closed network. Shared by the browser tests and the benchmark scripts.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
