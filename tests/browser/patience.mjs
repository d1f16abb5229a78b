// patience scales a test's time limit to how busy the machine is. A time
// limit here only catches a hang; it measures nothing. On a machine whose
// load average is several times its cores, pages take several times as
// long, so the limit grows with the load (never below the given one).
// TEST_TIMEOUT_SCALE sets the factor outright.

import os from 'node:os';

const factor = Number(process.env.TEST_TIMEOUT_SCALE) ||
  Math.max(1, Math.ceil((2 * os.loadavg()[0]) / Math.max(1, os.cpus().length)));

export function patience(ms) {
  return ms * factor;
}
