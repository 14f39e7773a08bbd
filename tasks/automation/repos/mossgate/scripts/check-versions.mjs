#!/usr/bin/env node
// Checks that every package's ranges on its sibling packages accept the sibling's current version.
import { argv, cwd, exit, stdout, stderr } from 'node:process';
import { pathToFileURL } from 'node:url';
import { satisfies } from './lib/semver.mjs';
import { listPackages } from './lib/workspace.mjs';

export function findDrift(packages) {
  const versions = new Map(packages.map((pkg) => [pkg.name, pkg.version]));
  const drift = [];
  for (const pkg of packages) {
    for (const [dependency, range] of Object.entries(pkg.dependencies)) {
      const current = versions.get(dependency);
      if (current !== undefined && !satisfies(current, range)) {
        drift.push({ package: pkg.name, dependency, range, current });
      }
    }
  }
  return drift;
}

function main(args) {
  const root = args[0] ?? cwd();
  const drift = findDrift(listPackages(root));
  for (const item of drift) {
    stderr.write(`${item.package}: ${item.dependency} ${item.range} does not accept ${item.current}\n`);
  }
  if (drift.length > 0) {
    return 1;
  }
  stdout.write('check-versions: all internal ranges match\n');
  return 0;
}

if (import.meta.url === pathToFileURL(argv[1]).href) {
  exit(main(argv.slice(2)));
}
