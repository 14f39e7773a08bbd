import pandas as pd

from churnlab import make_dataset, random_split


def test_dataset_has_features_and_label(customers, events):
    dataset = make_dataset(customers, events, pd.Timestamp("2024-04-01"))
    assert dataset["churned"].to_dict() == {"C1": 0, "C2": 1}
    assert "tenure_days" in dataset.columns


def test_random_split_is_seeded_and_complete():
    frame = pd.DataFrame({"x": range(20)})
    train, valid = random_split(frame, valid_fraction=0.25, seed=1)
    again_train, _ = random_split(frame, valid_fraction=0.25, seed=1)
    assert len(valid) == 5
    assert sorted(train["x"].tolist() + valid["x"].tolist()) == list(range(20))
    assert train.index.equals(again_train.index)
