// Package verso parses, compares and bumps semantic versions (Semantic
// Versioning 2.0.0) and matches them against range constraints such as
// ">=1.2.0 <2.0.0" or "^1.4".
package verso

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a parsed semantic version. The zero value is 0.0.0.
type Version struct {
	Major, Minor, Patch uint64
	// Pre holds the dot-separated pre-release identifiers: "rc.1" is
	// ["rc", "1"]. A version with identifiers here is a pre-release.
	Pre []string
	// Build holds the build metadata identifiers. They are kept for
	// String but never affect precedence.
	Build []string
}

// ParseError reports why a string is not a valid version or constraint.
type ParseError struct {
	Input  string // the string given to Parse or ParseConstraint
	Reason string
}

// Error formats the error as `verso: invalid "<input>": <reason>`.
func (e *ParseError) Error() string {
	return fmt.Sprintf("verso: invalid %q: %s", e.Input, e.Reason)
}

// Parse parses a version such as "1.4.2", "v1.4.2-rc.1" or "1.4.2+build.7".
// A leading "v" is accepted. Major, minor and patch are all required and
// none may have a leading zero; numeric pre-release identifiers may not
// either. The error is always a *ParseError.
func Parse(s string) (Version, error) {
	in := s
	s = strings.TrimPrefix(s, "v")
	var v Version
	if i := strings.IndexByte(s, '+'); i >= 0 {
		build, err := identifiers(s[i+1:], false)
		if err != nil {
			return Version{}, &ParseError{in, "build metadata: " + err.Error()}
		}
		v.Build, s = build, s[:i]
	}
	if i := strings.IndexByte(s, '-'); i >= 0 {
		pre, err := identifiers(s[i+1:], true)
		if err != nil {
			return Version{}, &ParseError{in, "pre-release: " + err.Error()}
		}
		v.Pre, s = pre, s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return Version{}, &ParseError{in, "want MAJOR.MINOR.PATCH"}
	}
	for i, field := range []*uint64{&v.Major, &v.Minor, &v.Patch} {
		n, err := number(parts[i])
		if err != nil {
			return Version{}, &ParseError{in, err.Error()}
		}
		*field = n
	}
	return v, nil
}

// MustParse is like Parse but panics if s is not a valid version. It is
// meant for constants in programs and tests.
func MustParse(s string) Version {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// number parses one numeric field: digits only, no leading zero.
func number(s string) (uint64, error) {
	if s == "" {
		return 0, fmt.Errorf("empty number")
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, fmt.Errorf("leading zero in %q", s)
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return n, nil
}

// identifiers splits a pre-release or build suffix on dots and checks each
// identifier: non-empty, [0-9A-Za-z-] only and, for pre-release, numeric
// ones without a leading zero.
func identifiers(s string, pre bool) ([]string, error) {
	ids := strings.Split(s, ".")
	for _, id := range ids {
		if id == "" {
			return nil, fmt.Errorf("empty identifier")
		}
		for _, r := range id {
			if !(r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				return nil, fmt.Errorf("character %q in %q", r, id)
			}
		}
		if pre && numeric(id) && len(id) > 1 && id[0] == '0' {
			return nil, fmt.Errorf("leading zero in %q", id)
		}
	}
	return ids, nil
}

func numeric(id string) bool {
	for _, r := range id {
		if r < '0' || r > '9' {
			return false
		}
	}
	return id != ""
}

// String formats v as MAJOR.MINOR.PATCH[-PRE][+BUILD], without a leading "v".
func (v Version) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	if len(v.Pre) > 0 {
		s += "-" + strings.Join(v.Pre, ".")
	}
	if len(v.Build) > 0 {
		s += "+" + strings.Join(v.Build, ".")
	}
	return s
}

// IsPrerelease reports whether v has pre-release identifiers.
func (v Version) IsPrerelease() bool { return len(v.Pre) > 0 }

// Compare returns -1, 0 or +1 as a has lower, equal or higher precedence
// than b. Build metadata is ignored, so 1.0.0+a and 1.0.0+b compare equal.
func Compare(a, b Version) int {
	for _, d := range [3][2]uint64{{a.Major, b.Major}, {a.Minor, b.Minor}, {a.Patch, b.Patch}} {
		if d[0] != d[1] {
			if d[0] < d[1] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a.Pre) == 0 && len(b.Pre) == 0:
		return 0
	case len(a.Pre) == 0:
		return 1
	case len(b.Pre) == 0:
		return -1
	}
	for i := 0; i < len(a.Pre) && i < len(b.Pre); i++ {
		if c := compareIdentifier(a.Pre[i], b.Pre[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(a.Pre) < len(b.Pre):
		return -1
	case len(a.Pre) > len(b.Pre):
		return 1
	}
	return 0
}

// compareIdentifier orders two pre-release identifiers: numeric ones by
// value and below alphanumeric ones, alphanumeric ones in ASCII order.
func compareIdentifier(x, y string) int {
	xn, yn := numeric(x), numeric(y)
	switch {
	case xn && yn:
		if len(x) != len(y) {
			if len(x) < len(y) {
				return -1
			}
			return 1
		}
		return strings.Compare(x, y)
	case xn:
		return -1
	case yn:
		return 1
	}
	return strings.Compare(x, y)
}

// Less reports whether v has lower precedence than w.
func (v Version) Less(w Version) bool { return Compare(v, w) < 0 }
