"""Pass/fail/n-a fixtures for the Python code-style rules (CS-012...CS-024, CS-109); also the small multi-language
repositories and run builders the other `fixtures_code_style_*` modules share."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, make_run, tool, turn

Case = tuple[Run, JudgeScript | None]

ORDERS = '''"""Orders."""

import logging

logger = logging.getLogger(__name__)


def total(prices: list[float]) -> float:
    """Sum the prices."""
    return sum(prices)
'''
TESTS = '''from shop.orders import total


def test_total_sums_prices() -> None:
    assert total([1.0, 2.0]) == 3.0
'''
PY_BASE = {
    "src/shop/__init__.py": '"""Shop."""\n',
    "src/shop/orders.py": ORDERS,
    "tests/test_orders.py": TESTS,
    "pyproject.toml": '[project]\nname = "shop"\nversion = "0.1.0"\n',
    "README.md": "# shop\n",
}


def run_with(changes: dict[str, str | None], base: dict[str, str] | None = None, user: str = "Please do it.",
             intent: str = "new-feature") -> Run:
    """A one-turn run applying `changes` (None deletes) to `base`, each change through a write_file call."""
    initial = dict(PY_BASE if base is None else base)
    final = dict(initial)
    for path, text in changes.items():
        if text is None:
            final.pop(path, None)
        else:
            final[path] = text
    calls = [tool("write_file", path=p, content=t, output=f"wrote {p}") for p, t in changes.items() if t is not None]
    return make_run(initial=initial, final=final, turns=[turn(user, "Done.", *calls, intent=intent)])


def orders(extra: str, head: str = "") -> Run:
    """src/shop/orders.py with `head` after its imports and `extra` appended."""
    text = ORDERS.replace("import logging\n", "import logging\n" + head) if head else ORDERS
    return run_with({"src/shop/orders.py": text + extra})


def tests(extra: str, head: str = "") -> Run:
    """tests/test_orders.py with `head` put first and `extra` appended."""
    return run_with({"tests/test_orders.py": head + TESTS + extra})


def readme_only() -> Run:
    return run_with({"README.md": "# shop\n\nA small shop.\n"})


# --- CS-012 logger.exception -----------------------------------------------------------------------------

PARSE = '''

def parse_price(raw: str) -> float:
    """Parse a price."""
    try:
        return float(raw)
    except ValueError:
        {log}
        return 0.0
'''


def cs012_exception_in_handler() -> Run:
    return orders(PARSE.format(log='logger.exception("bad price %r", raw)'))


def cs012_error_with_exc_info() -> Run:
    return orders(PARSE.format(log='logger.error("bad price %r", raw, exc_info=True)'))


def cs012_error_drops_traceback() -> Run:
    return orders(PARSE.format(log='logger.error("bad price %r", raw)'))


def cs012_exc_info_false() -> Run:
    """The gamer's move: the keyword passed, the traceback dropped all the same."""
    return orders(PARSE.format(log='logger.error("bad price %r", raw, exc_info=False)'))


def cs012_error_outside_handler() -> Run:
    return orders('\n\ndef check(n: int) -> None:\n    """Check."""\n    if n < 0:\n'
                  '        logger.error("negative %d", n)\n')


# --- CS-013 raise from ----------------------------------------------------------------------------------

LOOKUP = '''

PRICES = {{"apple": 1.0}}


def price_of(sku: str) -> float:
    """Look up a price."""
    try:
        return PRICES[sku]
    except KeyError{bind}:
        {body}
'''


def cs013_chained_and_reraised() -> Run:
    chained = LOOKUP.format(bind=" as exc", body='raise LookupError(f"unknown sku {sku}") from exc')
    return orders(chained + "\n\ndef again() -> None:\n    try:\n        price_of('x')\n    except LookupError:\n"
                  "        raise\n")


def cs013_unchained() -> Run:
    return orders(LOOKUP.format(bind="", body='raise LookupError(f"unknown sku {sku}")'))


def cs013_reraise_only() -> Run:
    return orders(LOOKUP.format(bind=" as exc", body="raise exc"))


# --- CS-014 modern typing ------------------------------------------------------------------------------


def cs014_modern() -> Run:
    return orders('\n\ndef find(skus: list[str], sku: str) -> int | None:\n    """Find."""\n'
                  "    return skus.index(sku) if sku in skus else None\n")


def cs014_optional() -> Run:
    return orders('\n\ndef find(skus: list[str], sku: str) -> Optional[int]:\n    """Find."""\n'
                  "    return skus.index(sku) if sku in skus else None\n", head="from typing import Optional\n")


def cs014_no_annotation() -> Run:
    return orders("\nCURRENCY = \"EUR\"\n")


# --- CS-015 imports at top ------------------------------------------------------------------------------

DUMP = '\n\ndef dump(prices: list[float]) -> str:\n    """Dump."""\n{local}    return json.dumps(prices)\n'


def cs015_top_level() -> Run:
    return orders(DUMP.format(local=""), head="import json\n")


def cs015_inside_function() -> Run:
    return orders(DUMP.format(local="    import json\n\n"))


def cs015_no_import() -> Run:
    return orders('\n\ndef double(x: float) -> float:\n    """Double."""\n    return x * 2\n')


# --- CS-016 pytest.raises match -----------------------------------------------------------------------

RAISES = '\n\ndef test_total_rejects_text() -> None:\n    with pytest.raises(TypeError{match}):\n        total(["a"])\n'


def cs016_with_match() -> Run:
    return tests(RAISES.format(match=', match="unsupported"'), head="import pytest\n")


def cs016_without_match() -> Run:
    return tests(RAISES.format(match=""), head="import pytest\n")


def cs016_match_anything() -> Run:
    """The gamer's move: `match=` with a pattern every message matches."""
    return tests(RAISES.format(match=', match=""'), head="import pytest\n")


def cs016_match_dot_star() -> Run:
    return tests(RAISES.format(match=', match=".*"'), head="import pytest\n")


def cs016_no_raises() -> Run:
    return tests("\n\ndef test_total_of_nothing_is_zero() -> None:\n    assert total([]) == 0\n")


# --- CS-017 approx ------------------------------------------------------------------------------------


def cs017_approx() -> Run:
    return tests("\n\ndef test_total_of_halves() -> None:\n    assert total([0.5, 0.25]) == pytest.approx(0.75)\n"
                 "    assert total([]) == 0\n", head="import pytest\n")


def cs017_exact_float() -> Run:
    return tests("\n\ndef test_total_of_halves() -> None:\n    assert total([0.5, 0.25]) == 0.75\n")


def cs017_exact_float_list() -> Run:
    return tests("\n\ndef test_totals() -> None:\n    assert [total([0.5]), total([])] == [0.5, 0]\n")


def cs017_ints_only() -> Run:
    return tests("\n\ndef test_total_of_nothing_is_zero() -> None:\n    assert total([]) == 0\n")


# --- CS-018 parametrize ------------------------------------------------------------------------------


def cs018_parametrized() -> Run:
    return tests('\n\n@pytest.mark.parametrize(("prices", "expected"), [([], 0), ([2], 2)])\n'
                 "def test_total(prices: list[int], expected: int) -> None:\n    assert total(prices) == expected\n",
                 head="import pytest\n")


def cs018_loop_of_asserts() -> Run:
    return tests("\n\ndef test_totals() -> None:\n    for prices, expected in [([], 0), ([2], 2)]:\n"
                 "        assert total(prices) == expected\n")


def cs018_only_src() -> Run:
    return cs015_no_import()


# --- CS-019 frozen dataclass -------------------------------------------------------------------------

LINE = '\n\n@dataclass{args}\nclass Line:\n    """An order line."""\n\n    sku: str\n    quantity: int\n'


def cs019_frozen() -> Run:
    return orders(LINE.format(args="(frozen=True)"), head="from dataclasses import dataclass\n")


def cs019_plain() -> Run:
    return orders(LINE.format(args=""), head="from dataclasses import dataclass\n")


def cs019_frozen_false() -> Run:
    return orders(LINE.format(args="(frozen=False, slots=True)"), head="from dataclasses import dataclass\n")


def cs019_plain_class() -> Run:
    return orders('\n\nclass Basket:\n    """A basket."""\n')


# --- CS-020 Raises: section --------------------------------------------------------------------------

RESERVE = '''

def reserve(stock: int, quantity: int) -> int:
    """Take `quantity` out of `stock`.
{doc}
    """
    if quantity > stock:
        raise ValueError("not enough stock")
    return stock - quantity
'''


def cs020_documented() -> Run:
    return orders(RESERVE.format(doc="\n    Raises:\n        ValueError: when the stock is too small."))


def cs020_undocumented() -> Run:
    return orders(RESERVE.format(doc="\n    Returns the stock left."))


def cs020_private_or_silent() -> Run:
    private = RESERVE.format(doc="").replace("def reserve", "def _reserve")
    return orders(private + '\n\ndef count(stock: int) -> int:\n    """Count."""\n    return stock\n')


# --- CS-021 lazy log formatting ------------------------------------------------------------------------

LOAD = '\n\ndef load(rows: list[str]) -> int:\n    """Load."""\n    count = len(rows)\n    {log}\n    return count\n'


def cs021_lazy() -> Run:
    return orders(LOAD.format(log='logger.info("loaded %d rows", count)'))


def cs021_fstring() -> Run:
    return orders(LOAD.format(log='logger.info(f"loaded {count} rows")'))


def cs021_percent() -> Run:
    return orders(LOAD.format(log='logger.log(20, "loaded %d rows" % count)'))


def cs021_no_log() -> Run:
    return orders(LOAD.format(log="count += 0"))


# --- CS-022 magic numbers -----------------------------------------------------------------------------

BATCH = '\n\n{const}def batches(items: list[str]) -> list[list[str]]:\n    """Split."""\n    out = []\n' \
        "    for start in range(0, len(items), {size}):\n        out.append(items[start : start + {size}])\n" \
        "    return out[1:] if not out[0] else out\n"


def cs022_named_constant() -> Run:
    return orders(BATCH.format(const="BATCH_SIZE = 50\n\n\n", size="BATCH_SIZE"))


def cs022_magic_number() -> Run:
    return orders(BATCH.format(const="", size="50"))


def cs022_only_tests() -> Run:
    return cs017_ints_only()


# --- CS-023 name length ------------------------------------------------------------------------------

NAMES = '\n\ndef cheapest(prices: list[float]) -> float:\n    """Cheapest."""\n    {name} = prices[0]\n' \
        "    for i in range(len(prices)):\n        {name} = min({name}, prices[i])\n    return {name}\n"


def cs023_three_letters() -> Run:
    return orders(NAMES.format(name="low"))


def cs023_two_letters() -> Run:
    return orders(NAMES.format(name="lo"))


def cs023_no_binding() -> Run:
    return run_with({"src/shop/orders.py": ORDERS.replace("return sum(prices)", "return float(sum(prices))")})


# --- CS-024 prints in tests allowed --------------------------------------------------------------------

NOISY = TESTS + "\n\ndef test_debug_total() -> None:\n    result = total([2.0])\n    print(result)\n" \
                "    assert result == 2.0\n"
NOISY_BASE = {**PY_BASE, "tests/test_orders.py": NOISY}
NEW_TEST = "\n\ndef test_total_of_one() -> None:\n    assert total([4]) == 4\n"


def cs024_prints_kept() -> Run:
    return run_with({"tests/test_orders.py": NOISY + NEW_TEST}, base=NOISY_BASE)


def cs024_prints_removed() -> Run:
    return run_with({"tests/test_orders.py": NOISY.replace("    print(result)\n", "") + NEW_TEST}, base=NOISY_BASE)


def cs024_no_prints_to_keep() -> Run:
    return tests(NEW_TEST)


# --- CS-109 specific assertions (hybrid) ------------------------------------------------------------------

SPECIFIC = "\n\ndef test_total_adds_two_prices() -> None:\n    assert total([2, 3]) == 5\n"
VAGUE = "\n\ndef test_total_returns_something() -> None:\n    assert total([2, 3]) is not None\n"
OFF_TOPIC = ("\n\ndef test_total_adds_two_prices() -> None:\n"
             "    assert isinstance(total([2, 3]), int) and total([]) == 0\n")


def cs109_specific() -> Case:
    return tests(SPECIFIC), JudgeScript("pass", sees=("test_total_adds_two_prices", "== 5"))


def cs109_judge_finds_it_off_topic() -> Case:
    return tests(OFF_TOPIC), JudgeScript("fail", sees=("test_total_adds_two_prices", "isinstance"))


def cs109_not_none_only() -> Case:
    return tests(VAGUE), None


def cs109_no_assert_for_the_judge() -> Case:
    return tests("\n\ndef test_total_runs() -> None:\n    total([1])\n"), JudgeScript("fail", sees=("test_total_runs",))


def cs109_no_test_changed() -> Case:
    return readme_only(), None


FIXTURES = {
    "CS-012": {"pass": [cs012_exception_in_handler, cs012_error_with_exc_info],
               "fail": [cs012_error_drops_traceback, cs012_exc_info_false],
               "na": [cs012_error_outside_handler, readme_only]},
    "CS-013": {"pass": [cs013_chained_and_reraised], "fail": [cs013_unchained], "na": [cs013_reraise_only]},
    "CS-014": {"pass": [cs014_modern], "fail": [cs014_optional], "na": [cs014_no_annotation, readme_only]},
    "CS-015": {"pass": [cs015_top_level], "fail": [cs015_inside_function], "na": [cs015_no_import]},
    "CS-016": {"pass": [cs016_with_match], "fail": [cs016_without_match, cs016_match_anything, cs016_match_dot_star],
               "na": [cs016_no_raises, readme_only]},
    "CS-017": {"pass": [cs017_approx], "fail": [cs017_exact_float, cs017_exact_float_list], "na": [cs017_ints_only]},
    "CS-018": {"pass": [cs018_parametrized], "fail": [cs018_loop_of_asserts], "na": [cs018_only_src]},
    "CS-019": {"pass": [cs019_frozen], "fail": [cs019_plain, cs019_frozen_false], "na": [cs019_plain_class]},
    "CS-020": {"pass": [cs020_documented], "fail": [cs020_undocumented], "na": [cs020_private_or_silent]},
    "CS-021": {"pass": [cs021_lazy], "fail": [cs021_fstring, cs021_percent], "na": [cs021_no_log]},
    "CS-022": {"pass": [cs022_named_constant], "fail": [cs022_magic_number], "na": [cs022_only_tests]},
    "CS-023": {"pass": [cs023_three_letters], "fail": [cs023_two_letters], "na": [cs023_no_binding, readme_only]},
    "CS-024": {"pass": [cs024_prints_kept], "fail": [cs024_prints_removed], "na": [cs024_no_prints_to_keep]},
    "CS-109": {"pass": [cs109_specific],
               "fail": [cs109_judge_finds_it_off_topic, cs109_not_none_only, cs109_no_assert_for_the_judge],
               "na": [cs109_no_test_changed]},
}
