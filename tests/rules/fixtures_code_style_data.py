"""Pass/fail/n-a fixtures for the pandas/numpy code-style rules (CS-025...CS-030, CS-108)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript

from .fixtures_code_style_python import run_with

Case = tuple[Run, JudgeScript | None]

FEATURES = '''"""Feature steps of the churn pipeline."""

import pandas as pd


def add_tenure(frame: pd.DataFrame) -> pd.DataFrame:
    """Add the tenure in years."""
    out = frame.copy()
    out["tenure_years"] = out["tenure_days"] / 365
    return out
'''
TEXT = '''"""Text helpers."""


def slug(text: str) -> str:
    """A slug."""
    return text.lower()
'''
DATA_BASE = {
    "src/churn/__init__.py": '"""Churn."""\n',
    "src/churn/features.py": FEATURES,
    "src/churn/text.py": TEXT,
    "tests/test_features.py": "from churn.features import add_tenure\n",
    "README.md": "# churn\n",
}


def features(extra: str, head: str = "") -> Run:
    """src/churn/features.py with `head` after its import and `extra` appended."""
    text = FEATURES.replace("import pandas as pd\n", "import pandas as pd\n" + head) if head else FEATURES
    return run_with({"src/churn/features.py": text + extra}, base=DATA_BASE)


def text_module(extra: str) -> Run:
    return run_with({"src/churn/text.py": TEXT + extra}, base=DATA_BASE)


def new_module(text: str) -> Run:
    return run_with({"src/churn/sampling.py": text}, base=DATA_BASE)


def readme() -> Run:
    return run_with({"README.md": "# churn\n\nFeatures.\n"}, base=DATA_BASE)


SHOUT = '\n\ndef shout(text: str) -> str:\n    """Shout."""\n    return text.upper()\n'

# --- CS-025 aliases ------------------------------------------------------------------------------------


def cs025_standard_aliases() -> Run:
    return new_module('"""Sampling."""\n\nimport numpy as np\nimport pandas as pd\n'
                      "from pandas.testing import assert_frame_equal\n\nassert_frame_equal(pd.DataFrame(), "
                      "pd.DataFrame(np.zeros(0)))\n")


def cs025_names_from_pandas() -> Run:
    return features("\n\nEMPTY = DataFrame()\n", head="from pandas import DataFrame\n")


def cs025_bare_numpy() -> Run:
    return features("\n\nZEROS = numpy.zeros(3)\n", head="import numpy\n")


def cs025_no_data_import() -> Run:
    return text_module(SHOUT)


# --- CS-026 inplace / CS-027 iterrows ----------------------------------------------------------------------

DROP = '\n\ndef drop_gaps(frame: pd.DataFrame) -> pd.DataFrame:\n    """Drop rows without an age."""\n{body}'


def cs026_reassigned() -> Run:
    return features(DROP.format(body='    out = frame.dropna(subset=["age"])\n    return out\n'))


def cs026_inplace() -> Run:
    return features(DROP.format(body='    out = frame.copy()\n    out.dropna(subset=["age"], inplace=True)\n'
                                     "    return out\n"))


def cs026_no_pandas_file() -> Run:
    return text_module(SHOUT)


def cs027_vectorised() -> Run:
    return features(DROP.format(body='    out = frame.copy()\n    out["senior"] = out["age"] >= 65\n    return out\n'))


def cs027_iterrows() -> Run:
    return features(DROP.format(body="    keep = []\n    for _, row in frame.iterrows():\n"
                                     '        keep.append(row["age"] == row["age"])\n    return frame[keep]\n'))


# --- CS-028 seeded randomness ---------------------------------------------------------------------------

SAMPLE = '"""Sampling."""\n\nimport numpy as np\n{head}\n\ndef sample(values: list[float]) -> list[float]:\n' \
         '    """Draw a bootstrap sample."""\n{body}'


def cs028_seeded_generator() -> Run:
    return new_module(SAMPLE.format(head="", body="    rng = np.random.default_rng(42)\n"
                                                  "    return list(rng.choice(values, size=len(values)))\n"))


def cs028_global_functions() -> Run:
    return new_module(SAMPLE.format(head="", body="    np.random.seed(42)\n"
                                                  "    return list(np.random.choice(values, size=len(values)))\n"))


def cs028_unseeded_generator() -> Run:
    return new_module(SAMPLE.format(head="", body="    rng = np.random.default_rng()\n"
                                                  "    return list(rng.choice(values, size=len(values)))\n"))


def cs028_imported_legacy_function() -> Run:
    return new_module(SAMPLE.format(head="from numpy.random import permutation\n",
                                    body="    return list(permutation(values))\n"))


def cs028_no_randomness() -> Run:
    return new_module(SAMPLE.format(head="", body="    return list(np.sort(values))\n"))


# --- CS-029 read_csv dtype -------------------------------------------------------------------------------

LOAD = '\n\ndef load(path: str) -> pd.DataFrame:\n    """Load the export."""\n    return pd.read_csv(path{args})\n'


def cs029_dtypes_given() -> Run:
    return features(LOAD.format(args=', dtype={"customer_id": "string", "age": "Int64"}'))


def cs029_types_inferred() -> Run:
    return features(LOAD.format(args=', sep=","'))


def cs029_no_read() -> Run:
    return features(DROP.format(body='    return frame.dropna(subset=["age"])\n'))


# --- CS-030 DataFrame inputs untouched --------------------------------------------------------------------


def cs030_copied_first() -> Run:
    return features('\n\ndef add_flag(df):\n    """Flag seniors."""\n    df = df.copy()\n'
                    '    df["senior"] = df["age"] >= 65\n    return df\n')


def cs030_named_df_mutated() -> Run:
    return features('\n\ndef add_flag(df):\n    """Flag seniors."""\n    df["senior"] = df["age"] >= 65\n'
                    "    return df\n")


def cs030_annotated_loc_write() -> Run:
    return features('\n\ndef clip_age(frame: pd.DataFrame) -> pd.DataFrame:\n    """Clip ages."""\n'
                    '    frame.loc[frame["age"] > 99, "age"] = 99\n    return frame\n')


def cs030_no_frame_parameter() -> Run:
    return features('\n\ndef senior_age() -> int:\n    """The age."""\n    return 65\n')


# --- CS-108 transformations do no I/O (judge) ----------------------------------------------------------------

PURE = '\n\ndef add_flag(frame: pd.DataFrame) -> pd.DataFrame:\n    """Flag seniors."""\n    out = frame.copy()\n' \
       '    out["senior"] = out["age"] >= 65\n    return out\n\n\ndef main(path: str) -> None:\n' \
       '    """Run the step."""\n    add_flag(pd.read_csv(path, dtype={"age": "Int64"})).to_csv("out.csv")\n'
IMPURE = '\n\ndef add_flag(frame: pd.DataFrame) -> pd.DataFrame:\n    """Flag seniors."""\n    out = frame.copy()\n' \
         '    out["senior"] = out["age"] >= 65\n    out.to_csv("flags.csv")\n    return out\n'


def cs108_io_in_main_only() -> Case:
    return features(PURE), JudgeScript("pass", sees=("def add_flag", "def main", "to_csv"))


def cs108_io_inside_step() -> Case:
    return features(IMPURE), JudgeScript("fail", sees=('out.to_csv("flags.csv")',))


def cs108_no_data_code() -> Case:
    return text_module(SHOUT), None


FIXTURES = {
    "CS-025": {"pass": [cs025_standard_aliases], "fail": [cs025_names_from_pandas, cs025_bare_numpy],
               "na": [cs025_no_data_import]},
    "CS-026": {"pass": [cs026_reassigned], "fail": [cs026_inplace], "na": [cs026_no_pandas_file, readme]},
    "CS-027": {"pass": [cs027_vectorised], "fail": [cs027_iterrows], "na": [cs026_no_pandas_file]},
    "CS-028": {"pass": [cs028_seeded_generator],
               "fail": [cs028_global_functions, cs028_unseeded_generator, cs028_imported_legacy_function],
               "na": [cs028_no_randomness]},
    "CS-029": {"pass": [cs029_dtypes_given], "fail": [cs029_types_inferred], "na": [cs029_no_read]},
    "CS-030": {"pass": [cs030_copied_first], "fail": [cs030_named_df_mutated, cs030_annotated_loc_write],
               "na": [cs030_no_frame_parameter]},
    "CS-108": {"pass": [cs108_io_in_main_only], "fail": [cs108_io_inside_step], "na": [cs108_no_data_code]},
}
