from tabclean.cleaning import (
    column_values,
    drop_duplicates,
    fill_missing,
    is_missing,
    missing_counts,
    normalize_header,
    parse_number,
)


def test_normalize_header():
    assert normalize_header("  Annual Spend (EUR) ") == "annual_spend_eur"
    assert normalize_header("Customer-ID") == "customer_id"


def test_missing_markers():
    assert all(is_missing(v) for v in (None, "", "  ", "NA", "n/a", "NULL", "-"))
    assert not is_missing("0")


def test_parse_number_handles_thousands_separator():
    assert parse_number("1,250.50") == 1250.5
    assert parse_number(" 42 ") == 42.0
    assert parse_number("N/A") is None


def test_column_values_skips_missing():
    rows = [{"age": "30"}, {"age": "NA"}, {"age": "40"}]
    assert column_values(rows, "age") == [30.0, 40.0]


def test_missing_counts_per_column():
    rows = [{"a": "", "b": "x"}, {"a": "1", "b": "n/a"}, {"a": "NA", "b": "y"}]
    assert missing_counts(rows) == {"a": 2, "b": 1}


def test_fill_missing_numeric_uses_median():
    rows = [{"age": "30"}, {"age": ""}, {"age": "50"}, {"age": "34"}]
    assert [r["age"] for r in fill_missing(rows, "age")] == ["30", "34", "50", "34"]


def test_fill_missing_text_uses_most_common_value():
    rows = [{"c": "FR"}, {"c": "DE"}, {"c": "n/a"}, {"c": "DE"}]
    assert [r["c"] for r in fill_missing(rows, "c")] == ["FR", "DE", "DE", "DE"]


def test_fill_missing_leaves_input_untouched():
    rows = [{"c": ""}, {"c": "x"}]
    fill_missing(rows, "c")
    assert rows[0]["c"] == ""


def test_drop_duplicates_keeps_first():
    rows = [{"id": "1", "v": "a"}, {"id": " 1", "v": "b"}, {"id": "2", "v": "c"}]
    assert [r["v"] for r in drop_duplicates(rows, "id")] == ["a", "c"]
