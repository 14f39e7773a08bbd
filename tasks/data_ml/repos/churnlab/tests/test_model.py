import numpy as np
import pytest

from churnlab import LogisticRegression, roc_auc


def separable(n=200, seed=3):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 2))
    y = (x[:, 0] - 0.5 * x[:, 1] > 0).astype(int)
    return x, y


def test_fit_learns_a_separable_problem():
    x, y = separable()
    model = LogisticRegression(epochs=500).fit(x, y)
    assert roc_auc(y, model.predict_proba(x)) > 0.99
    assert model.weights[0] > 0 > model.weights[1]


def test_l2_shrinks_the_weights():
    x, y = separable()
    loose = LogisticRegression(l2=0.0, epochs=300).fit(x, y)
    tight = LogisticRegression(l2=1.0, epochs=300).fit(x, y)
    assert np.linalg.norm(tight.weights) < np.linalg.norm(loose.weights)


def test_constant_column_does_not_break_standardisation():
    x, y = separable()
    x = np.column_stack([x, np.ones(len(x))])
    model = LogisticRegression(epochs=100).fit(x, y)
    assert np.isfinite(model.predict_proba(x)).all()


def test_round_trip_through_a_dict():
    x, y = separable()
    model = LogisticRegression(epochs=100).fit(x, y)
    again = LogisticRegression.from_dict(model.to_dict())
    assert again.predict_proba(x) == pytest.approx(model.predict_proba(x))


def test_unfitted_model_refuses_to_predict():
    with pytest.raises(RuntimeError, match="not fitted"):
        LogisticRegression().predict_proba(np.zeros((1, 2)))
