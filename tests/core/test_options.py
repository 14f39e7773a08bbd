"""options: command-line options generated from settings models, and the models read back from them."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field

from pytest_harnessif.options import OptionError, add_options, read_options


class Demo(BaseModel):
    votes: Annotated[int, Field(ge=1, description="votes per verdict")] = 3
    temperature: Annotated[float | None, Field(ge=0, description="sampling temperature")] = None
    timeout: Annotated[float, Field(gt=0, description="seconds", json_schema_extra={"option": "call-timeout"})] = 9.0
    sandbox: Annotated[Literal["local", "docker"], Field(description="backend")] = "local"
    rerun: Annotated[bool, Field(description="run again")] = False
    model: Annotated[list[str], Field(description="models", json_schema_extra={"metavar": "SPEC"})] = []
    store: Annotated[Path | None, Field(description="store")] = None


def parse(argv: list[str], **kw: str) -> Demo:
    parser = argparse.ArgumentParser(exit_on_error=False)
    add_options(parser.add_argument, Demo, **kw)
    args = parser.parse_args(argv)
    return read_options(lambda dest: getattr(args, dest), Demo, **kw)


def test_defaults_come_from_the_model_only() -> None:
    assert parse([]) == Demo()


def test_each_kind_of_field_becomes_its_kind_of_option() -> None:
    demo = parse(
        ["--x-votes", "5", "--x-temperature", "0.5", "--call-timeout", "2", "--x-sandbox", "docker", "--x-rerun",
         "--x-model", "a", "--x-model", "b", "--x-store", "s"],
        prefix="x-",
    )
    assert demo == Demo(votes=5, temperature=0.5, timeout=2.0, sandbox="docker", rerun=True, model=["a", "b"],
                        store=Path("s"))


def test_help_shows_the_model_default_and_metavar() -> None:
    parser = argparse.ArgumentParser()
    add_options(parser.add_argument, Demo, stem="harness-")
    text = parser.format_help()
    assert "--harness-votes N" in text and "votes per verdict (default 3)" in " ".join(text.split())
    assert "--harness-model SPEC" in text and "--harness-call-timeout N" in text
    assert "{local,docker}" in text


def test_a_bad_value_names_the_option_as_typed() -> None:
    with pytest.raises(OptionError, match=r"^--judge-votes: Input should be greater than or equal to 1$"):
        parse(["--judge-votes", "0"], prefix="judge-")
    with pytest.raises(OptionError, match=r"^--call-timeout: Input should be greater than 0"):
        parse(["--call-timeout", "0"])


def test_only_limits_the_fields() -> None:
    parser = argparse.ArgumentParser()
    add_options(parser.add_argument, Demo, only=("votes",))
    args = parser.parse_args(["--votes", "4"])
    assert read_options(lambda dest: getattr(args, dest, None), Demo, only=("votes",)).votes == 4
    with pytest.raises(SystemExit):
        parser.parse_args(["--rerun"])
