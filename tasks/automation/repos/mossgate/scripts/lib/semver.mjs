// Just enough semver for our own packages: x.y.z versions and ^, ~ or exact ranges.

export function parseVersion(text) {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (!match) {
    throw new Error(`not a version: "${text}" (expected MAJOR.MINOR.PATCH)`);
  }
  return match.slice(1).join('.');
}

export function compareVersions(left, right) {
  const a = parseVersion(left).split('.');
  const b = parseVersion(right).split('.');
  for (let i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) {
      return a[i] < b[i] ? -1 : 1;
    }
  }
  return 0;
}

export function satisfies(version, range) {
  const operator = /^[\^~]/.test(range) ? range[0] : '';
  const base = range.slice(operator.length);
  if (compareVersions(version, base) < 0) {
    return false;
  }
  const [major, minor] = parseVersion(version).split('.');
  const [baseMajor, baseMinor] = parseVersion(base).split('.');
  if (operator === '^') {
    return major === baseMajor;
  }
  if (operator === '~') {
    return major === baseMajor && minor === baseMinor;
  }
  return compareVersions(version, base) === 0;
}
