"""Bundled target corpora: the ECP cluster sample (`data/ecp_cluster_samples.txt`, MIT, Tang et al. 2026; see
`data/SOURCES.md`), mapped onto the 16 labels, is the long-session target `harnessif panel` scores the panel's
turn flows against."""

from __future__ import annotations

from pathlib import Path

from .corpora import label_sequences, load_corpus
from .distributions import long_slice
from .intents import Intent

DATA = Path(__file__).parent / "data"
ECP_SAMPLE = DATA / "ecp_cluster_samples.txt"


def ecp_target(min_messages: int = 3) -> list[list[Intent]]:
    """The ECP sample's label sequences with at least `min_messages` messages (the paper's long slice)."""
    return long_slice(label_sequences(load_corpus(ECP_SAMPLE)), min_messages)
