package verso

// IncPatch returns the next patch release: 1.4.2 becomes 1.4.3. A
// pre-release becomes its release, so 1.4.3-rc.1 becomes 1.4.3. Build
// metadata is dropped.
func (v Version) IncPatch() Version {
	if v.IsPrerelease() {
		return Version{Major: v.Major, Minor: v.Minor, Patch: v.Patch}
	}
	return Version{Major: v.Major, Minor: v.Minor, Patch: v.Patch + 1}
}

// IncMinor returns the next minor release: 1.4.2 becomes 1.5.0. A
// pre-release of a minor release (patch 0) becomes that release, so
// 1.5.0-rc.1 becomes 1.5.0, while 1.4.3-rc.1 becomes 1.5.0 as well.
// Build metadata is dropped.
func (v Version) IncMinor() Version {
	if v.IsPrerelease() && v.Patch == 0 {
		return Version{Major: v.Major, Minor: v.Minor}
	}
	return Version{Major: v.Major, Minor: v.Minor + 1}
}

// IncMajor returns the next major release: 1.4.2 becomes 2.0.0. A
// pre-release of a major release (minor and patch 0) becomes that
// release, so 2.0.0-beta.3 becomes 2.0.0. Build metadata is dropped.
func (v Version) IncMajor() Version {
	if v.IsPrerelease() && v.Minor == 0 && v.Patch == 0 {
		return Version{Major: v.Major}
	}
	return Version{Major: v.Major + 1}
}
