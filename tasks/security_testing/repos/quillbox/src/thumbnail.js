/**
 * Thumbnails for reader avatars, made with ImageMagick's `convert`.
 * Production hosts have ImageMagick 6 installed; development machines may not.
 */
import { exec } from 'node:child_process';
import { promisify } from 'node:util';

const execAsync = promisify(exec);

export const DEFAULT_SIZE = 64;

/**
 * Write a square thumbnail of `inputPath` to `outputPath`. `run` executes the
 * command line and is replaced in tests.
 */
export async function makeThumbnail(inputPath, outputPath, options = {}) {
  const { size = DEFAULT_SIZE, run = execAsync } = options;
  if (!Number.isInteger(size) || size < 16 || size > 512) {
    throw new RangeError(`thumbnail size must be an integer from 16 to 512, got ${size}`);
  }
  const box = `${size}x${size}`;
  const command = `convert ${inputPath} -auto-orient -thumbnail ${box}^ `
    + `-gravity center -extent ${box} ${outputPath}`;
  await run(command);
  return outputPath;
}
