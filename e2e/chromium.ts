/**
 * Debian's Chromium with the flags this machine needs: no sandbox as root, no GPU, and no
 * background networking (the network is closed; Chromium would keep trying Google's hosts).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
