#!/usr/bin/env bash
# verso's lint gate: formatting, go vet, and a doc comment starting with its
# name on every exported top-level identifier of non-test Go files.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2

status=0

unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	printf 'gofmt: not formatted:\n%s\n' "$unformatted"
	status=1
fi

go vet ./... || status=1

# shellcheck disable=SC2016 # the awk program is single-quoted on purpose
find . -name '*.go' ! -name '*_test.go' -print0 | xargs -0 awk '
	FNR == 1 { doc = "" }
	/^(func|type|var|const) / {
		line = $0
		sub(/^func \([^)]*\) /, "func ", line)
		if (match(line, /^(func|type|var|const) [A-Z][A-Za-z0-9_]*/)) {
			split(substr(line, 1, RLENGTH), word, " ")
			if (doc !~ ("^// " word[2] "( |$)")) {
				printf "%s:%d: exported %s has no doc comment starting with its name\n", FILENAME, FNR, word[2]
				bad = 1
			}
		}
	}
	# doc is the first line of the comment block right above this line
	/^\/\// { if (doc == "") doc = $0; next }
	{ doc = "" }
	END { exit bad }
' || status=1

exit $status
