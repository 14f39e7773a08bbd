from tabclean.pipeline import prepare

EXPORT = [
    {"Customer ID": "C-1", "Age": "30", "Country": "DE", "Annual Spend": "100", "Plan Tier": "1"},
    {"Customer ID": "C-2", "Age": "NA", "Country": "", "Annual Spend": "300", "Plan Tier": "2"},
    {"Customer ID": "C-1", "Age": "30", "Country": "DE", "Annual Spend": "100", "Plan Tier": "1"},
    {"Customer ID": "C-3", "Age": "50", "Country": "FR", "Annual Spend": "", "Plan Tier": "3"},
]


def test_prepare_cleans_and_adds_features():
    rows = prepare(EXPORT)
    assert [r["customer_id"] for r in rows] == ["C-1", "C-2", "C-3"]
    assert [r["age"] for r in rows] == ["30", "40", "50"]
    assert rows[1]["country"] == "DE"
    assert [r["spend_scaled"] for r in rows] == ["0.0000", "1.0000", "0.5000"]
    assert [r["tier_scaled"] for r in rows] == ["0.0000", "0.5000", "1.0000"]
    assert [r["age_z"] for r in rows] == ["-1.0000", "0.0000", "1.0000"]
