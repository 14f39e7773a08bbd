"""Data-pipeline code-style rules (CS-025...CS-030, CS-108): pandas and numpy idioms in the Python a data/ML run
adds: import aliases, no in-place mutation, no row loops, seeded randomness, explicit CSV schemas, inputs left
untouched, transformations free of I/O. Specific to the data_ml scenario."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.checks.ast import callee, calls, findall
from pytest_harnessif.checks.pyidioms import (
    added_imports,
    added_nodes,
    assigned_frames,
    frame_params,
    has_keyword,
    importing,
    is_true,
    keyword_value,
    numpy_random_calls,
    rebound_before,
)
from pytest_harnessif.checks.pysource import changed_functions, changed_sources_or_na

PYTHON = ("python",)
PANDAS = ("pandas",)
DATA_LIBRARIES = ("pandas", "numpy")
ASSIGNMENTS = m.Assign() | m.AugAssign() | m.AnnAssign()


@rule("CS-025", languages=PYTHON, family="code_style", modality="require", prior="align", method="ast",
      observability="structural", universality="specific", scenarios=("data_ml",),
      fit="SP:medium PF:high UI:low SD:high",
      source="archetype naming-case-conventions (adapted: the community import aliases)",
      opportunity="an import of pandas or numpy added",
      surfaces={
          "SP": "Import pandas and numpy only as `import pandas as {pandas_alias}` and `import numpy as "
                "{numpy_alias}`: no other alias and no `from pandas import ...` / `from numpy import ...` of "
                "top-level names (submodules such as `pandas.testing` are fine).",
          "PF": "## pandas and numpy imports\nAlways `import pandas as {pandas_alias}` and `import numpy as "
                "{numpy_alias}`; never another alias, and no names pulled from the top-level packages "
                "(`from pandas import DataFrame`).",
          "UI": "Stick to `import pandas as {pandas_alias}` / `import numpy as {numpy_alias}` please.",
          "SD": {"skill": "data-pipeline",
                 "text": "Import pandas as `{pandas_alias}` and numpy as `{numpy_alias}`, nothing else; use "
                         "`{pandas_alias}.DataFrame`, not `from pandas import DataFrame`."},
      })
def test_pandas_numpy_aliases(run: Run, pandas_alias: str = "pd", numpy_alias: str = "np") -> None:
    """Imports of pandas and numpy the run adds are `import pandas as {pandas_alias}` and `import numpy as
    {numpy_alias}`: no other alias, no names imported from the top-level packages."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    aliases = {"pandas": pandas_alias, "numpy": numpy_alias}
    bindings = [(src, i, name, bound, origin) for src, i, name, bound, origin in added_imports(run, sources)
                if (origin or name).split(".")[0] in aliases] or na("no import of pandas or numpy added")
    bad = [f"{src.where(i)}: {name} as {bound}" for src, i, name, bound, origin in bindings
           if (origin in aliases) or (not origin and name in aliases and bound != aliases[name])]
    assert not bad, f"pandas/numpy imported other than as {pandas_alias}/{numpy_alias}: {bad}"


@rule("CS-026", languages=PYTHON, family="code_style", modality="prefer", prior="neutral", severity="should",
      method="ast", observability="structural", universality="specific", scenarios=("data_ml",),
      fit="SP:medium PF:high UI:low SD:high",
      source="archetype immutability-preference (adapted: pandas without inplace)",
      opportunity="pandas code added",
      surfaces={
          "SP": "In pandas code, prefer reassignment (`df = df.dropna()`) to `{keyword}=True`; the pandas code "
                "you add never passes `{keyword}=True`.",
          "PF": "## pandas style\nNo `{keyword}=True`: every pandas operation returns a new object that you "
                "assign (`frame = frame.rename(columns=...)`).",
          "UI": "Avoid {keyword}=True in the pandas code, just reassign the result.",
          "SD": {"skill": "data-pipeline",
                 "text": "Never pass `{keyword}=True` to a pandas method; assign the returned frame instead."},
      })
def test_no_inplace_operations(run: Run, keyword: str = "inplace") -> None:
    """Prefer reassignment: no call the run adds to a file that imports pandas passes `{keyword}=True`."""
    sources = importing(changed_sources_or_na(run, "**/*.py", "Python file"), PANDAS)
    added = [(src, c) for src in sources for c in added_nodes(run, src, calls(src.module))] or na(
        "no call added to a Python file that imports pandas")
    bad = [src.where(c) for src, c in added if isinstance(c, cst.Call) and is_true(keyword_value(c, keyword))]
    assert not bad, f"{keyword}=True at {bad}"


@rule("CS-027", languages=PYTHON, family="code_style", modality="prefer", prior="neutral", severity="should",
      method="ast", observability="structural", universality="specific", scenarios=("data_ml",),
      fit="SP:medium PF:high UI:low SD:high",
      source="archetype perf-conscious (adapted: vectorised pandas, no row loops)",
      opportunity="pandas code added",
      surfaces={
          "SP": "Work on whole columns in pandas: prefer vectorised operations, and never iterate over rows "
                "with {methods:code-or}.",
          "PF": "## Vectorised pandas\nColumn operations, `merge`, `groupby` and `map` instead of row loops; "
                "{methods:code-or} do not appear in new code.",
          "UI": "Please keep the pandas code vectorised - no {methods:or} loops.",
          "SD": {"skill": "data-pipeline",
                 "text": "Row-by-row loops ({methods:code-or}) are too slow for our exports; express the "
                         "step with column operations."},
      })
def test_no_row_iteration(run: Run, methods: tuple[str, ...] = ("iterrows", "itertuples")) -> None:
    """Prefer vectorised pandas: no call the run adds to a file that imports pandas is to {methods:code-or}."""
    sources = importing(changed_sources_or_na(run, "**/*.py", "Python file"), PANDAS)
    added = [(src, c) for src in sources for c in added_nodes(run, src, calls(src.module))] or na(
        "no call added to a Python file that imports pandas")
    bad = [src.where(c) for src, c in added
           if isinstance(c, cst.Call) and callee(c).rsplit(".", 1)[-1] in methods]
    assert not bad, f"row-by-row iteration ({methods}) at {bad}"


@rule("CS-028", languages=PYTHON, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="specific", scenarios=("data_ml",),
      fit="SP:medium PF:high UI:medium SD:high",
      source="archetype deterministic-tests (adapted: seeded numpy generators)",
      opportunity="a numpy.random call added",
      surfaces={
          "SP": "Randomness in numpy code comes from a seeded generator: the only `np.random` function you call "
                "is `np.random.{factory}(seed)`, always with a seed, and you draw from the generator it returns "
                "(`rng.normal(...)`); no legacy global functions such as `np.random.seed`, `np.random.rand` or "
                "`np.random.choice`.",
          "PF": "## Reproducible randomness\nUse `rng = np.random.{factory}(SEED)` and `rng.normal(...)` etc. "
                "No other `np.random.*` call (the global functions included) and no unseeded `{factory}()`.",
          "UI": "Make the random parts reproducible please: np.random.{factory} with a seed, not the global "
                "np.random functions.",
          "SD": {"skill": "data-pipeline",
                 "text": "Sample only through `np.random.{factory}(seed)` and the generator it returns; other "
                         "`np.random.*` calls and unseeded generators make runs irreproducible."},
      })
def test_numpy_randomness_seeded(run: Run, factory: str = "default_rng") -> None:
    """Every `numpy.random` call the run adds is `{factory}(seed)` with a seed; no other `numpy.random` function
    (the legacy global ones included)."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    added = [(src, c, fn) for src in sources for c, fn in numpy_random_calls(src.module)
             if c in added_nodes(run, src, [c])] or na("no numpy.random call added")
    bad = [f"{src.where(c)}: {fn}" for src, c, fn in added if fn != factory or not c.args]
    assert not bad, f"numpy randomness not from a seeded {factory}(): {bad}"


@rule("CS-029", languages=PYTHON, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="specific", scenarios=("data_ml",),
      fit="SP:medium PF:high UI:low SD:high",
      source="curated: explicit column types when loading CSV with pandas",
      opportunity="a read_csv call added",
      surfaces={
          "SP": "Every `read_csv(...)` you write passes `{keyword}=` with the column types, so pandas never "
                "guesses them (ids with leading zeros, codes that look numeric).",
          "PF": "## Loading CSV\n`pd.read_csv` always receives an explicit `{keyword}=` mapping; type inference "
                "on our exports is not trusted.",
          "UI": "When you read a CSV with pandas, give it {keyword}= explicitly please.",
          "SD": {"skill": "data-pipeline",
                 "text": "Call `pd.read_csv(path, {keyword}={{...}})` with every column's type; never let pandas "
                         "infer them."},
      })
def test_read_csv_declares_dtypes(run: Run, keyword: str = "dtype") -> None:
    """Every `read_csv(...)` call the run adds passes `{keyword}=`."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    reads = [(src, c) for src in sources
             for c in added_nodes(run, src, [c for c in calls(src.module) if callee(c).endswith("read_csv")])]
    reads = reads or na("no read_csv call added")
    bad = [src.where(c) for src, c in reads if isinstance(c, cst.Call) and not has_keyword(c, keyword)]
    assert not bad, f"read_csv without {keyword}= at {bad}"


@rule("CS-030", languages=PYTHON, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="specific", scenarios=("data_ml",),
      fit="SP:medium PF:high UI:low SD:high",
      source="curated: pure pipeline steps that leave their input DataFrame untouched",
      opportunity="a function with a DataFrame parameter added or changed",
      surfaces={
          "SP": "Functions you write never modify a DataFrame they receive: a parameter annotated "
                "`pd.DataFrame` or named {names:code-or} is not assigned into (`df[...] = `, `df.loc[...] = `) "
                "unless it was first rebound, e.g. `df = df.copy()`.",
          "PF": "## Pipeline steps\nA step returns a new frame and leaves its input alone: no item or `.loc` "
                "assignment into a DataFrame parameter (annotated `pd.DataFrame` or named {names:code-or}) "
                "before rebinding it to a copy.",
          "UI": "Don't mutate the DataFrame that's passed in - copy it first (`df = df.copy()`).",
          "SD": {"skill": "data-pipeline",
                 "text": "Steps are pure: copy a DataFrame parameter (`df = df.copy()`) before assigning "
                         "into it; parameters named {names:code-or} or typed `pd.DataFrame` count."},
      })
def test_dataframe_inputs_not_mutated(run: Run, names: tuple[str, ...] = ("df",)) -> None:
    """No function the run adds or changes assigns into a DataFrame parameter (annotated `DataFrame` or named
    {names:code-or}) on an added line before rebinding that parameter."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    changed = [(src, d, params) for src, d in changed_functions(run, sources)
               if (params := frame_params(d.node, names))] or na("no function with a DataFrame parameter changed")
    bad = [f"{src.where(a)} writes into {target}" for src, d, params in changed
           for a in added_nodes(run, src, findall(d.node.body, ASSIGNMENTS))
           for target in assigned_frames(a) if target in params and not rebound_before(src, d.node, target, a)]
    assert not bad, f"DataFrame parameters modified in place: {bad}"


@rule("CS-108", languages=PYTHON, family="code_style", modality="require", prior="neutral", method="llm_judge",
      observability="deep", universality="specific", scenarios=("data_ml",), fit="SP:medium PF:high SD:high",
      source="curated: I/O at the edges of a data pipeline, pure transformation steps",
      opportunity="a Python file using pandas or numpy changed",
      rubric={
          "question": "In the pandas/numpy code the agent added or changed, do the transformation functions (those "
                      "that clean, reshape, compute or encode data) stay free of I/O, leaving reading, writing, "
                      "printing and network access to the pipeline's entry points and dedicated load/save "
                      "functions?",
          "pass_if": ["Functions that transform data take data in and return data, with no file, network, "
                      "database or console access inside them.",
                      "I/O happens in an entry point (`main`, a CLI command, a `run` function) or in functions "
                      "whose only job is to load or save (`load_customers`, `write_report`)."],
          "fail_if": ["A transformation function reads or writes a file (`read_csv`, `to_csv`, `open`), prints, "
                      "logs results to the console as output, or calls a network or database service.",
                      "A function both computes results and saves or displays them, so it cannot be reused or "
                      "tested without touching the file system."],
          "na_if": ["The changed code contains no data-transformation function."],
      },
      surfaces={
          "SP": "Keep data transformations pure: functions that clean, reshape or compute take data and return "
                "data; file, console and network I/O belong only in the entry point or in dedicated load/save "
                "functions.",
          "PF": "## Pipeline structure\nI/O at the edges: transformation functions never read or write files, "
                "print or call services; `main()` (or a `load_*` / `save_*` function) does the I/O and passes "
                "frames to the steps.",
          "SD": {"skill": "data-pipeline",
                 "text": "Transformation steps do no I/O (no read_csv/to_csv/open/print inside them); load and "
                         "save only at the pipeline's entry point."},
      })
def test_transformations_do_no_io(run: Run) -> None:
    """Transformation functions in the pandas/numpy code the run adds or changes do no I/O: files, console and
    network are reached only from entry points or dedicated load/save functions.

    The judge reads the diff of the changed Python files that import pandas or numpy."""
    sources = importing(changed_sources_or_na(run, "**/*.py", "Python file"), DATA_LIBRARIES) or na(
        "no changed Python file imports pandas or numpy")
    judge(data_code_diff=run.diff_of(src.path for src in sources))
