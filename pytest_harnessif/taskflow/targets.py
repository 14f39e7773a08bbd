"""Bundled target corpora: the ECP cluster sample (`data/ecp_cluster_samples.txt`, MIT, Tang et al. 2026; see
`data/SOURCES.md`), mapped onto the 16 labels, is the long-session target `harnessif panel` scores the panel's
turn flows against by default."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"
ECP_SAMPLE = DATA / "ecp_cluster_samples.txt"
