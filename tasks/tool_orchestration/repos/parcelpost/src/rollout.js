// Percentage rollouts. The flag store (ops/flags.py in production) is mirrored into
// config/flags.json by the deploy; a subject's bucket is stable per flag, so raising a
// rollout only adds subjects.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const FLAGS_FILE = new URL('../config/flags.json', import.meta.url);

/** The bucket 0-99 of `subject` (a customer id, a tracking number) for `flag`. */
export function bucket(flag, subject) {
  const digest = createHash('sha256').update(`${flag}:${subject}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** Whether `flag` is on for `subject` under `percentages` (`{flag: percent}`; unknown is 0). */
export function enabled(percentages, flag, subject) {
  return bucket(flag, subject) < (percentages[flag] ?? 0);
}

/** The percentages in config/flags.json. */
export function loadFlags(file = FLAGS_FILE) {
  return JSON.parse(readFileSync(file, 'utf8'));
}
