import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Every package under <root>/packages, sorted by directory name.
export function listPackages(root) {
  const packagesDir = join(root, 'packages');
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(packagesDir, dir, 'package.json'), 'utf8'));
      return {
        dir,
        name: manifest.name,
        version: manifest.version,
        dependencies: manifest.dependencies ?? {},
      };
    });
}
