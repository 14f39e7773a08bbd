"""checks/project: the dependency tables of pyproject.toml."""

from __future__ import annotations

from pytest_harnessif.checks.project import dependency_lists

PYPROJECT = b"""
[project]
name = "demo"
dependencies = ["requests>=2", "attrs"]

[project.optional-dependencies]
test = ["pytest", "coverage"]

[dependency-groups]
dev = ["ruff"]

[build-system]
requires = ["setuptools"]

[tool.ruff]
line-length = 100
"""


def test_dependency_tables_sorted() -> None:
    assert dependency_lists(PYPROJECT) == {
        "project.dependencies": ["attrs", "requests>=2"],
        "project.optional-dependencies": {"test": ["coverage", "pytest"]},
        "dependency-groups": {"dev": ["ruff"]},
        "build-system.requires": ["setuptools"],
    }


def test_poetry_table_and_files_without_dependencies() -> None:
    poetry = b'[tool.poetry.dependencies]\npython = "^3.11"\nrequests = {version = "^2", optional = true}\n'
    assert dependency_lists(poetry) == {
        "tool.poetry.dependencies": {"python": "^3.11", "requests": {"version": "^2", "optional": True}}
    }
    assert dependency_lists(b'[project]\nname = "x"\n') == {}
    assert dependency_lists(None) == {}


def test_a_broken_file_is_unparsable() -> None:
    assert dependency_lists(b"[project\n") == {"unparsable": b"[project\n"}
