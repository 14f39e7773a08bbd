#!/usr/bin/env bash
# deckhand's lint: shellcheck on every script, then the house rules shellcheck cannot know.
# Prints one `path:line: problem` per finding and exits 1 if there is any.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

problems=0
report() {
  printf '%s\n' "$1"
  problems=$((problems + 1))
}

mapfile -t scripts < <(find bin lib tests tools -name '*.sh' -type f | sort)

if ! shellcheck -x "${scripts[@]}"; then
  report "shellcheck: findings above"
fi

# Entry points: the bash we mean, strict mode, and a --help.
for f in bin/*.sh; do
  [[ $(head -n 1 "$f") == '#!/usr/bin/env bash' ]] || report "$f:1: entry points start with #!/usr/bin/env bash"
  grep -q '^set -euo pipefail$' "$f" || report "$f: entry points run under set -euo pipefail"
  grep -q -- '--help' "$f" || report "$f: entry points answer --help"
  [[ -x $f ]] || report "$f: entry points are executable"
done

# Libraries are sourced, never run: no shebang, a shellcheck shell directive instead.
for f in lib/*.sh; do
  [[ $(head -n 1 "$f") == '# shellcheck shell=bash' ]] || report "$f:1: libraries start with # shellcheck shell=bash"
  [[ ! -x $f ]] || report "$f: libraries are not executable"
done

# release.sh runs on the macOS laptops too: no GNU-only flags that have bitten us there.
while IFS=: read -r file line text; do
  report "$file:$line: GNU-only: ${text#"${text%%[![:space:]]*}"}"
done < <(grep -nE '(^|[[:space:];|(])(sed -i|date -d|date --date|readlink -f|grep -P)' bin/*.sh lib/*.sh || true)

# Whitespace: no trailing blanks, no tabs in scripts (two-space indents).
while IFS=: read -r file line _; do
  report "$file:$line: trailing whitespace"
done < <(grep -nE '[[:space:]]+$' "${scripts[@]}" Makefile ops/crontab || true)
while IFS=: read -r file line _; do
  report "$file:$line: tab in a script"
done < <(grep -nP '\t' "${scripts[@]}" || true)

if ((problems)); then
  echo "lint: $problems problem(s)"
  exit 1
fi
echo "lint: ok (${#scripts[@]} scripts)"
