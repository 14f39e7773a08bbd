#!/bin/sh
# gatepost's lint gate, run by CI before the tests: formatting and go vet.
set -eu
cd "$(dirname "$0")/.."

unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "gofmt: these files need formatting (run gofmt -w):" >&2
	echo "$unformatted" >&2
	exit 1
fi
go vet ./...
echo "lint: ok"
