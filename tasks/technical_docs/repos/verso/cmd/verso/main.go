// Command verso compares, bumps, sorts and filters semantic versions from
// the shell, for release scripts and CI jobs.
//
//	verso compare 1.4.2 1.10.0      prints -1
//	verso bump minor 1.4.2          prints 1.5.0
//	verso check '^1.4' 1.9.3        prints true, exits 0 (1 when false)
//	verso sort 1.10.0 1.9.0 1.9.0-rc.1
//	verso latest '~1.4' 1.4.0 1.4.7 1.5.0
//
// sort and latest read versions from standard input, one per line, when
// no version is given as an argument.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/quayside/verso"
)

const usage = `usage: verso <command> [arguments]

  compare A B            print -1, 0 or 1 as A is lower, equal or higher than B
  bump PART VERSION      print VERSION with PART (major, minor or patch) incremented
  check RANGE VERSION    print true or false; exit 1 when false
  sort [VERSION...]      print the versions in ascending order
  latest RANGE [VERSION...]  print the highest version in RANGE; exit 1 if none

sort and latest read versions from standard input when none are given.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command and returns the process exit code: 0 on
// success, 1 for a false check or no match, 2 for a usage or parse error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	code, err := dispatch(args[0], args[1:], stdin, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "verso:", err)
	}
	return code
}

func dispatch(cmd string, args []string, stdin io.Reader, stdout io.Writer) (int, error) {
	switch cmd {
	case "compare":
		if len(args) != 2 {
			return 2, fmt.Errorf("compare takes two versions")
		}
		vs, err := parseAll(args)
		if err != nil {
			return 2, err
		}
		fmt.Fprintln(stdout, verso.Compare(vs[0], vs[1]))
	case "bump":
		if len(args) != 2 {
			return 2, fmt.Errorf("bump takes a part and a version")
		}
		v, err := verso.Parse(args[1])
		if err != nil {
			return 2, err
		}
		switch args[0] {
		case "major":
			v = v.IncMajor()
		case "minor":
			v = v.IncMinor()
		case "patch":
			v = v.IncPatch()
		default:
			return 2, fmt.Errorf("unknown part %q (want major, minor or patch)", args[0])
		}
		fmt.Fprintln(stdout, v)
	case "check":
		if len(args) != 2 {
			return 2, fmt.Errorf("check takes a range and a version")
		}
		c, err := verso.ParseConstraint(args[0])
		if err != nil {
			return 2, err
		}
		v, err := verso.Parse(args[1])
		if err != nil {
			return 2, err
		}
		ok := c.Check(v)
		fmt.Fprintln(stdout, ok)
		if !ok {
			return 1, nil
		}
	case "sort":
		vs, err := versions(args, stdin)
		if err != nil {
			return 2, err
		}
		verso.Sort(vs)
		for _, v := range vs {
			fmt.Fprintln(stdout, v)
		}
	case "latest":
		if len(args) < 1 {
			return 2, fmt.Errorf("latest takes a range")
		}
		c, err := verso.ParseConstraint(args[0])
		if err != nil {
			return 2, err
		}
		vs, err := versions(args[1:], stdin)
		if err != nil {
			return 2, err
		}
		v, ok := c.Latest(vs)
		if !ok {
			return 1, fmt.Errorf("no version satisfies %s", c)
		}
		fmt.Fprintln(stdout, v)
	default:
		return 2, fmt.Errorf("unknown command %q", cmd)
	}
	return 0, nil
}

// versions parses args, or the non-blank lines of stdin when args is empty.
func versions(args []string, stdin io.Reader) ([]verso.Version, error) {
	if len(args) > 0 {
		return parseAll(args)
	}
	var lines []string
	scanner := bufio.NewScanner(stdin)
	for scanner.Scan() {
		if line := strings.TrimSpace(scanner.Text()); line != "" {
			lines = append(lines, line)
		}
	}
	if err := scanner.Err(); err != nil {
		return nil, err
	}
	return parseAll(lines)
}

func parseAll(ss []string) ([]verso.Version, error) {
	vs := make([]verso.Version, 0, len(ss))
	for _, s := range ss {
		v, err := verso.Parse(s)
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	return vs, nil
}
