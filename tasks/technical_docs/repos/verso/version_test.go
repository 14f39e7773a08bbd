package verso

import (
	"errors"
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Version
	}{
		{"1.4.2", Version{Major: 1, Minor: 4, Patch: 2}},
		{"v0.0.0", Version{}},
		{"1.0.0-rc.1", Version{Major: 1, Pre: []string{"rc", "1"}}},
		{"1.0.0-x-y.0a+build.007", Version{Major: 1, Pre: []string{"x-y", "0a"}, Build: []string{"build", "007"}}},
		{"2.3.4+sha.5114f85", Version{Major: 2, Minor: 3, Patch: 4, Build: []string{"sha", "5114f85"}}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{"", "1", "1.2", "1.2.3.4", "01.2.3", "1.2.-3", "1.2.3-", "1.2.3-rc..1", "1.2.3-01", "1.2.3+b_1", "vv1.2.3", "1.2.x"} {
		_, err := Parse(in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) error = %v, want a *ParseError", in, err)
		} else if pe.Input != in {
			t.Errorf("Parse(%q): ParseError.Input = %q", in, pe.Input)
		}
	}
}

func TestStringRoundTrips(t *testing.T) {
	for _, in := range []string{"1.4.2", "0.0.1-alpha.1", "1.0.0-rc.1+build.5", "3.0.0+20250301"} {
		if got := MustParse(in).String(); got != in {
			t.Errorf("MustParse(%q).String() = %q", in, got)
		}
	}
	if got := MustParse("v1.2.3").String(); got != "1.2.3" {
		t.Errorf("leading v kept: %q", got)
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse(\"1.2\") did not panic")
		}
	}()
	MustParse("1.2")
}

// The precedence chain from the Semantic Versioning 2.0.0 specification,
// section 11, lowest first.
var ascending = []string{
	"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
	"1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "1.10.0", "2.0.0",
}

func TestCompareFollowsTheSpecification(t *testing.T) {
	for i, a := range ascending {
		for j, b := range ascending {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := Compare(MustParse(a), MustParse(b)); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestCompareIgnoresBuildMetadata(t *testing.T) {
	if c := Compare(MustParse("1.0.0+a"), MustParse("1.0.0+b")); c != 0 {
		t.Errorf("Compare(1.0.0+a, 1.0.0+b) = %d, want 0", c)
	}
	if !MustParse("1.0.0-rc.1+z").Less(MustParse("1.0.0+a")) {
		t.Error("1.0.0-rc.1+z should be less than 1.0.0+a")
	}
}

func TestInc(t *testing.T) {
	tests := []struct {
		in, patch, minor, major string
	}{
		{"1.4.2", "1.4.3", "1.5.0", "2.0.0"},
		{"1.4.3-rc.1", "1.4.3", "1.5.0", "2.0.0"},
		{"1.5.0-rc.1", "1.5.0", "1.5.0", "2.0.0"},
		{"2.0.0-beta.3+b7", "2.0.0", "2.0.0", "2.0.0"},
		{"0.9.9+b7", "0.9.10", "0.10.0", "1.0.0"},
	}
	for _, tt := range tests {
		v := MustParse(tt.in)
		got := [3]string{v.IncPatch().String(), v.IncMinor().String(), v.IncMajor().String()}
		if want := [3]string{tt.patch, tt.minor, tt.major}; got != want {
			t.Errorf("%s: IncPatch, IncMinor, IncMajor = %v, want %v", tt.in, got, want)
		}
	}
}

func TestSortIsStable(t *testing.T) {
	vs := []Version{MustParse("1.10.0"), MustParse("1.0.0+b"), MustParse("1.0.0-rc.1"), MustParse("1.0.0+a"), MustParse("1.9.0")}
	Sort(vs)
	var got []string
	for _, v := range vs {
		got = append(got, v.String())
	}
	want := []string{"1.0.0-rc.1", "1.0.0+b", "1.0.0+a", "1.9.0", "1.10.0"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Sort = %v, want %v", got, want)
	}
}
