package verso

import (
	"errors"
	"testing"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		rng string
		in  []string
		out []string
	}{
		{">=1.2.0 <2.0.0", []string{"1.2.0", "1.9.9"}, []string{"1.1.9", "2.0.0", "1.3.0-beta.1"}},
		{"^1.2.3", []string{"1.2.3", "1.99.0"}, []string{"1.2.2", "2.0.0", "2.0.0-rc.1"}},
		{"^0.2.3", []string{"0.2.3", "0.2.9"}, []string{"0.3.0", "0.2.2"}},
		{"^0.0.3", []string{"0.0.3"}, []string{"0.0.4", "0.0.2"}},
		{"^1.2", []string{"1.2.0", "1.7.1"}, []string{"1.1.9", "2.0.0"}},
		{"^0", []string{"0.0.0", "0.9.9"}, []string{"1.0.0"}},
		{"~1.2.3", []string{"1.2.3", "1.2.9"}, []string{"1.3.0", "1.2.2"}},
		{"~1", []string{"1.0.0", "1.9.0"}, []string{"2.0.0"}},
		{"1.2.3", []string{"1.2.3", "1.2.3+b1"}, []string{"1.2.4"}},
		{"!=1.2.3", []string{"1.2.4"}, []string{"1.2.3"}},
		{">1.0.0 <=1.1.0", []string{"1.0.1", "1.1.0"}, []string{"1.0.0", "1.1.1"}},
		{"^1.2.0 || ^2.1.0", []string{"1.2.0", "2.1.0"}, []string{"2.0.5", "3.0.0"}},
		{">=1.3.0-alpha <1.3.0", []string{"1.3.0-beta.1", "1.3.0-alpha"}, []string{"1.3.0", "1.4.0-alpha"}},
	}
	for _, tt := range tests {
		c, err := ParseConstraint(tt.rng)
		if err != nil {
			t.Fatalf("ParseConstraint(%q): %v", tt.rng, err)
		}
		for _, v := range tt.in {
			if !c.Check(MustParse(v)) {
				t.Errorf("%q should accept %s", tt.rng, v)
			}
		}
		for _, v := range tt.out {
			if c.Check(MustParse(v)) {
				t.Errorf("%q should reject %s", tt.rng, v)
			}
		}
	}
}

func TestParseConstraintRejects(t *testing.T) {
	for _, in := range []string{"", ">=", "^1.2.x", ">= 1.2.0", "1.2 || ", "~", "=>1.0.0", "^01.2"} {
		_, err := ParseConstraint(in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Input != in {
			t.Errorf("ParseConstraint(%q) error = %v, want a *ParseError naming the input", in, err)
		}
	}
}

func TestZeroConstraintAcceptsNothing(t *testing.T) {
	if (Constraint{}).Check(MustParse("1.0.0")) {
		t.Error("the zero Constraint accepted 1.0.0")
	}
}

func TestLatest(t *testing.T) {
	c, _ := ParseConstraint("~1.4")
	vs := []Version{MustParse("1.4.7"), MustParse("1.5.0"), MustParse("1.4.10"), MustParse("1.4.11-rc.1")}
	got, ok := c.Latest(vs)
	if !ok || got.String() != "1.4.10" {
		t.Errorf("Latest = %v, %v; want 1.4.10, true", got, ok)
	}
	if _, ok := c.Latest(nil); ok {
		t.Error("Latest(nil) found a version")
	}
}
