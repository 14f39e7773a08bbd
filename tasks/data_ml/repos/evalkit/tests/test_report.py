from evalkit.__main__ import main
from evalkit.confusion import confusion_matrix
from evalkit.report import format_report


def test_report_lists_every_class_and_the_averages():
    report = format_report(confusion_matrix(["a", "b", "b"], ["a", "b", "a"]))
    lines = report.splitlines()
    assert lines[0].split() == ["label", "precision", "recall", "f1", "support"]
    assert lines[1].split() == ["a", "0.500", "1.000", "0.667", "1"]
    assert lines[2].split() == ["b", "1.000", "0.500", "0.667", "2"]
    assert lines[-3].split() == ["accuracy", "0.667"]


def test_cli_without_a_file_prints_usage(capsys):
    assert main([]) == 2
    assert "usage" in capsys.readouterr().err
