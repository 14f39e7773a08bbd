package verso

import (
	"fmt"
	"strings"
)

// Constraint is a parsed range expression: comparator sets joined by "||",
// each set a space-separated list of comparators that must all hold. The
// zero value has no sets and is satisfied by no version.
type Constraint struct {
	src  string
	sets [][]comparator
}

type comparator struct {
	op string // one of "=", "!=", ">", ">=", "<", "<="
	v  Version
}

// ParseConstraint parses a range such as ">=1.2.0 <2.0.0", "^1.4",
// "~0.3.1 || >=1.0.0-rc.1". Comparators are =, !=, >, >=, <, <= followed
// by a full version, and ^ or ~ followed by a full or partial version:
//
//	^1.2.3  is  >=1.2.3 <2.0.0     ~1.2.3  is  >=1.2.3 <1.3.0
//	^0.2.3  is  >=0.2.3 <0.3.0     ~1.2    is  >=1.2.0 <1.3.0
//	^0.0.3  is  >=0.0.3 <0.0.4     ~1      is  >=1.0.0 <2.0.0
//
// A bare version means "=". The error is always a *ParseError.
func ParseConstraint(s string) (Constraint, error) {
	c := Constraint{src: s}
	for _, part := range strings.Split(s, "||") {
		fields := strings.Fields(part)
		if len(fields) == 0 {
			return Constraint{}, &ParseError{s, "empty comparator set"}
		}
		var set []comparator
		for _, f := range fields {
			cs, err := parseComparator(f)
			if err != nil {
				return Constraint{}, &ParseError{s, err.Error()}
			}
			set = append(set, cs...)
		}
		c.sets = append(c.sets, set)
	}
	return c, nil
}

func parseComparator(f string) ([]comparator, error) {
	switch {
	case strings.HasPrefix(f, "^"):
		return caret(f[1:])
	case strings.HasPrefix(f, "~"):
		return tilde(f[1:])
	}
	op := "="
	for _, o := range []string{">=", "<=", "!=", ">", "<", "="} {
		if strings.HasPrefix(f, o) {
			op, f = o, f[len(o):]
			break
		}
	}
	v, err := Parse(f)
	if err != nil {
		return nil, reason(err)
	}
	return []comparator{{op, v}}, nil
}

// reason turns the *ParseError of one comparator's version into a plain
// error, so that the error ParseConstraint returns names the whole range.
func reason(err error) error {
	pe := err.(*ParseError)
	return fmt.Errorf("%s: %s", pe.Input, pe.Reason)
}

// partial parses "1", "1.2" or a full version; n is how many numeric
// fields were given.
func partial(s string) (v Version, n int, err error) {
	fields := strings.SplitN(s, ".", 3)
	if len(fields) == 3 {
		v, err = Parse(s)
		if err != nil {
			return Version{}, 0, reason(err)
		}
		return v, 3, nil
	}
	nums := []*uint64{&v.Major, &v.Minor}
	for i, f := range fields {
		if *nums[i], err = number(f); err != nil {
			return Version{}, 0, err
		}
	}
	return v, len(fields), nil
}

func caret(s string) ([]comparator, error) {
	lo, n, err := partial(s)
	if err != nil {
		return nil, err
	}
	var hi Version
	switch {
	case lo.Major > 0 || n == 1:
		hi = Version{Major: lo.Major + 1}
	case lo.Minor > 0 || n == 2:
		hi = Version{Minor: lo.Minor + 1}
	default:
		hi = Version{Patch: lo.Patch + 1}
	}
	return []comparator{{">=", lo}, {"<", hi}}, nil
}

func tilde(s string) ([]comparator, error) {
	lo, n, err := partial(s)
	if err != nil {
		return nil, err
	}
	hi := Version{Major: lo.Major, Minor: lo.Minor + 1}
	if n == 1 {
		hi = Version{Major: lo.Major + 1}
	}
	return []comparator{{">=", lo}, {"<", hi}}, nil
}

// String returns the constraint as it was written.
func (c Constraint) String() string { return c.src }

// Check reports whether v satisfies c: whether every comparator of at
// least one set holds. A pre-release version only satisfies a set in which
// some comparator names a pre-release of the same MAJOR.MINOR.PATCH, so
// ">=1.2.0" does not accept 1.3.0-beta.1 but ">=1.3.0-alpha" does.
func (c Constraint) Check(v Version) bool {
	for _, set := range c.sets {
		if satisfies(set, v) {
			return true
		}
	}
	return false
}

func satisfies(set []comparator, v Version) bool {
	prereleaseOK := !v.IsPrerelease()
	for _, cmp := range set {
		if !cmp.holds(v) {
			return false
		}
		w := cmp.v
		if w.IsPrerelease() && w.Major == v.Major && w.Minor == v.Minor && w.Patch == v.Patch {
			prereleaseOK = true
		}
	}
	return prereleaseOK
}

func (cmp comparator) holds(v Version) bool {
	c := Compare(v, cmp.v)
	switch cmp.op {
	case "=":
		return c == 0
	case "!=":
		return c != 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	case "<":
		return c < 0
	}
	return c <= 0
}

// Latest returns the highest version in vs that satisfies c, and false if
// none does. vs need not be sorted.
func (c Constraint) Latest(vs []Version) (Version, bool) {
	var best Version
	found := false
	for _, v := range vs {
		if c.Check(v) && (!found || Compare(v, best) > 0) {
			best, found = v, true
		}
	}
	return best, found
}
