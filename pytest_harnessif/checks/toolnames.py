"""Names of the test runners and the linters, formatters and type checkers the command readers know, shared by
`checks.bash` (which of them `yarn <name>` runs as a package binary) and `checks.runners` (what they do)."""

from __future__ import annotations

TEST_TOOLS = frozenset({"pytest", "py.test", "jest", "vitest", "mocha", "ava", "tap", "karma", "ctest", "bats",
                        "rspec", "phpunit", "nosetests", "nose2", "trial", "testem", "cypress", "wdio", "stestr",
                        "ward", "tape", "uvu", "jasmine", "playwright", "django-admin", "pest", "minitest"})
LINT_TOOLS = frozenset({"ruff", "flake8", "pylint", "pycodestyle", "pyflakes", "black", "isort", "mypy", "pyright",
                        "bandit", "autopep8", "yapf", "pydocstyle", "eslint", "prettier", "biome", "standard", "xo",
                        "stylelint", "shellcheck", "shfmt", "cppcheck", "clang-tidy", "clang-format", "gofmt",
                        "goimports", "golangci-lint", "staticcheck", "rustfmt", "hadolint", "yamllint",
                        "markdownlint", "markdownlint-cli2", "tsc", "vue-tsc", "pre-commit", "codespell", "typos",
                        "oxlint", "dprint", "rome", "ktlint", "checkstyle", "rubocop", "phpcs", "phpstan", "cpplint",
                        "iwyu", "scan-build", "splint", "sqlfluff", "taplo", "actionlint", "php-cs-fixer",
                        "svelte-check", "tslint", "jshint", "flow"})
