"""`harnessif taskflow import`: instances + local clones + augmentations -> a dataset folder with every
configuration, the proof reports and a manifest whose hashes catch any later edit (taskflow spec 6, 9)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from pytest_harnessif.cli import main
from pytest_harnessif.flowdata import DatasetError, load_dataset, measurements, read_manifest
from pytest_harnessif.swe import CONFIG_NAMES
from pytest_harnessif.taskflow.augment import Question
from pytest_harnessif.taskflow.instances import InstanceError, find_clone, read_instances, write_base
from pytest_harnessif.taskflow.proofs import prove

from .swefixtures import NAMES, SWE, Inputs, write_inputs

ROUTEKIT = "lanternhq-routekit-112"  # the instance without questions


def test_the_dataset_holds_every_configuration_with_its_provenance(swe_dataset: Path, swe_inputs: Inputs) -> None:
    manifest = read_manifest(swe_dataset)
    assert set(manifest.configs) == set(CONFIG_NAMES) and len(manifest.repos) == 4
    assert {s.role for s in manifest.sources} == {"instances", "augmentations"}
    for task, info in manifest.repos.items():
        assert (swe_dataset / "repos" / task / "README.md").is_file() and not (swe_dataset / "repos" / task /
                                                                               "CHANGELOG.next").exists()
        assert len(info.base_commit) == 40 and info.clone.endswith(info.repo.replace("/", "__"))
    split = manifest.configs["split"]
    assert len(split.tasks) == 4 and split.excluded == {}
    assert manifest.configs["qa-first"].excluded == {ROUTEKIT: "no kept question"}
    tfas = manifest.settings["tfas"]
    assert isinstance(tfas, dict) and sum(tfas["sessions_by_questions"].values()) == 4
    proofs = json.loads((swe_dataset / "proofs.json").read_text())
    assert sum(len(v) for v in proofs.values()) == 6 and all(r["kept"] for v in proofs.values() for r in v)
    assert all(r["runs"]["base"]["clean"] and r["runs"]["gold"]["stdout"] for v in proofs.values() for r in v)


@pytest.mark.parametrize("config", CONFIG_NAMES)
def test_each_configuration_loads_as_runnable_tasks(swe_dataset: Path, config: str) -> None:
    entries = load_dataset(swe_dataset, config)
    assert len(entries) == (3 if config.startswith("qa-") else 4)
    for task, entry in entries.items():
        kinds = [t.kind for t in entry.flow.turns]
        assert entry.task.id == task and entry.repo == swe_dataset / "repos" / task
        assert [t.read_only for t in entry.task.turns] == [k == "question" for k in kinds]
        assert kinds.count("issue") == {"single": 1, "concat": 1, "qa-only": 0}.get(config, 3)
        rows = [m.name for m in measurements(entry)]
        assert rows[0] == "clean" and "resolve" in rows
        assert len(rows) == 2 + kinds.count("issue") + 2 * kinds.count("question")


def _copy(dataset: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(dataset, tmp_path / "copy"))


def test_a_hand_edit_is_caught_by_the_manifest(swe_dataset: Path, tmp_path: Path) -> None:
    copy = _copy(swe_dataset, tmp_path)
    split = copy / "configs" / "split.jsonl"
    split.write_text(split.read_text().replace("Hey", "Hi", 1))
    with pytest.raises(DatasetError, match=r"split.jsonl: content differs from the sha256 in manifest.json"):
        load_dataset(copy, "split")
    (copy / "instances.jsonl").write_text("")
    with pytest.raises(DatasetError, match=r"instances.jsonl: content differs"):
        load_dataset(copy, "single")
    with pytest.raises(DatasetError, match=r"no configuration 'nope'; it has single, split"):
        load_dataset(swe_dataset, "nope")
    with pytest.raises(DatasetError, match="not an SWE-TaskFlow dataset"):
        load_dataset(tmp_path, "split")


def test_a_proof_that_fails_writes_or_prints_nothing_drops_its_question(swe_inputs: Inputs, tmp_path: Path) -> None:
    instance = next(i for i in read_instances(swe_inputs.instances) if i.instance_id == swe_inputs.ids["moneyfmt"])
    tree = tmp_path / "tree"
    write_base(instance, find_clone(instance, swe_inputs.repos, {}), tree)

    def question(proof: str) -> Question:
        return Question(id="q", text="?", reference="r", evidence=["moneyfmt.py:x"], proof=proof)

    assert prove(tree, instance, question("print('evidence')"))["kept"]
    writes = prove(tree, instance, question("open('notes.txt', 'w').write('x'); print('evidence')"))
    assert not writes["kept"] and writes["problems"] == ["base: changed the repository", "gold: changed the repository"]
    assert prove(tree, instance, question("raise SystemExit(3)"))["problems"][0] == "base: exit code 3"
    assert prove(tree, instance, question("pass"))["problems"][0] == "base: printed no evidence"
    slow = prove(tree, instance, question("import time; time.sleep(5)"), timeout=0.5)
    assert slow["problems"][0] == "base: timed out after 0.5 s"


def test_clones_and_commits_that_cannot_be_used_are_named(swe_inputs: Inputs, tmp_path: Path) -> None:
    instance = read_instances(swe_inputs.instances)[0]
    with pytest.raises(InstanceError, match=rf"no local clone of {instance.repo} under {tmp_path}"):
        find_clone(instance, tmp_path, {})
    lost = instance.model_copy(update={"base_commit": "0" * 40})
    with pytest.raises(InstanceError, match=r"base_commit 0{40} cannot be read from the clone .*__inikit \(git: fatal"):
        write_base(lost, find_clone(instance, swe_inputs.repos, {}), tmp_path / "out")


def test_the_import_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inputs = write_inputs(tmp_path / "in", names=("moneyfmt", "routekit"))
    broken = yaml.safe_load((SWE / "moneyfmt" / "augment.yaml").read_text())
    broken["split"][1] = "Part 2 of 3: " + broken["split"][1]  # breaks the contract: Single only
    (inputs.augment / f"{inputs.ids['moneyfmt']}.yaml").write_text(yaml.safe_dump(broken))
    out = tmp_path / "ds"
    code = main(["taskflow", "import", str(inputs.instances), "--repos", str(inputs.repos), "--augment",
                 str(inputs.augment), "--out", str(out), "--config", "single", "--config", "split"])  # fmt: skip
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "quillwork__moneyfmt-23: split no (turn 2 mentions the decomposition: 'Part 2 of 3')" in printed
    assert "split        1 task(s); left out 1: quillwork-moneyfmt-23 (no split: turn 2 mentions" in printed
    assert set(read_manifest(out).configs) == {"single", "split"}

    code = main(["taskflow", "import", str(inputs.instances), "--out", str(out)])
    assert code == 2 and "no local clone of quillwork/moneyfmt; pass --repos DIR" in capsys.readouterr().err
    assert read_manifest(out).configs  # a failed import leaves the earlier dataset as it was
    code = main(["taskflow", "import", str(inputs.instances), "--repos", str(inputs.repos), "--out", str(out),
                 "--repo", "quillwork/moneyfmt"])  # fmt: skip
    assert code == 2 and "--repo 'quillwork/moneyfmt': expected OWNER/NAME=PATH" in capsys.readouterr().err


def test_names_are_the_fixture_folders() -> None:
    assert NAMES == ("inikit", "moneyfmt", "ratekit", "routekit")
