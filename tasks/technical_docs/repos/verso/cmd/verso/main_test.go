package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	tests := []struct {
		args  []string
		stdin string
		code  int
		out   string
	}{
		{[]string{"compare", "1.4.2", "1.10.0"}, "", 0, "-1\n"},
		{[]string{"compare", "1.0.0+a", "1.0.0+b"}, "", 0, "0\n"},
		{[]string{"bump", "minor", "1.4.2"}, "", 0, "1.5.0\n"},
		{[]string{"bump", "patch", "v2.0.0-rc.2"}, "", 0, "2.0.0\n"},
		{[]string{"check", "^1.4", "1.9.3"}, "", 0, "true\n"},
		{[]string{"check", "^0.2.3", "0.3.0"}, "", 1, "false\n"},
		{[]string{"sort", "1.10.0", "1.9.0", "1.9.0-rc.1"}, "", 0, "1.9.0-rc.1\n1.9.0\n1.10.0\n"},
		{[]string{"sort"}, "2.0.0\n\n1.0.0\n", 0, "1.0.0\n2.0.0\n"},
		{[]string{"latest", "~1.4", "1.4.0", "1.4.7", "1.5.0"}, "", 0, "1.4.7\n"},
		{[]string{"latest", "^3"}, "1.0.0\n", 1, ""},
		{[]string{"bump", "micro", "1.0.0"}, "", 2, ""},
		{[]string{"check", "^1.x", "1.0.0"}, "", 2, ""},
		{[]string{"frobnicate"}, "", 2, ""},
		{nil, "", 2, ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		if code != tt.code || stdout.String() != tt.out {
			t.Errorf("verso %v: exit %d, stdout %q; want exit %d, stdout %q (stderr %q)",
				tt.args, code, stdout.String(), tt.code, tt.out, stderr.String())
		}
		if tt.code == 2 && stderr.Len() == 0 {
			t.Errorf("verso %v: exit 2 without a message on stderr", tt.args)
		}
	}
}
