/** The Chromium every browser section of the bench runs, and its flags. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const BROWSER_ARGS = [
  '--no-sandbox',
  // Frames are produced as soon as there is something to paint rather than on a 60 Hz clock,
  // so the keystroke figure measures our work, not where in the refresh cycle a key landed.
  '--disable-frame-rate-limit',
  '--disable-gpu-vsync',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
