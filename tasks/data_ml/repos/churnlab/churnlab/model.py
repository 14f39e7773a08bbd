"""Logistic regression trained by batch gradient descent with an L2 penalty, in numpy."""

from __future__ import annotations

import numpy as np

LEARNING_RATE = 0.1
L2 = 0.01
EPOCHS = 2000


class LogisticRegression:
    """Binary logistic regression on standardised features.

    `fit` standardises each column with the training mean and standard deviation, then minimises the mean
    log loss plus `l2 / 2 * ||w||^2` (the intercept is not penalised) by batch gradient descent.
    """

    def __init__(self, learning_rate: float = LEARNING_RATE, l2: float = L2, epochs: int = EPOCHS) -> None:
        self.learning_rate = learning_rate
        self.l2 = l2
        self.epochs = epochs
        self.weights: np.ndarray | None = None
        self.bias = 0.0
        self.mean: np.ndarray | None = None
        self.scale: np.ndarray | None = None

    def fit(self, features: np.ndarray, labels: np.ndarray) -> LogisticRegression:
        """Learn weights and bias from `features` (rows x columns) and 0/1 `labels`; returns self."""
        x = np.asarray(features, dtype=float)
        y = np.asarray(labels, dtype=float)
        self.mean = x.mean(axis=0)
        std = x.std(axis=0)
        self.scale = np.where(std > 0, std, 1.0)
        z = (x - self.mean) / self.scale
        self.weights = np.zeros(z.shape[1])
        self.bias = 0.0
        for _ in range(self.epochs):
            error = _sigmoid(z @ self.weights + self.bias) - y
            self.weights -= self.learning_rate * (z.T @ error / len(y) + self.l2 * self.weights)
            self.bias -= self.learning_rate * error.mean()
        return self

    def predict_proba(self, features: np.ndarray) -> np.ndarray:
        """Churn probability of each row."""
        if self.weights is None or self.mean is None or self.scale is None:
            raise RuntimeError("the model is not fitted; call fit() first")
        z = (np.asarray(features, dtype=float) - self.mean) / self.scale
        return _sigmoid(z @ self.weights + self.bias)

    def to_dict(self) -> dict:
        """Everything needed to score new rows, as JSON-serialisable values."""
        if self.weights is None or self.mean is None or self.scale is None:
            raise RuntimeError("the model is not fitted; call fit() first")
        return {"weights": self.weights.tolist(), "bias": self.bias, "mean": self.mean.tolist(),
                "scale": self.scale.tolist(), "l2": self.l2}

    @classmethod
    def from_dict(cls, state: dict) -> LogisticRegression:
        """Rebuild a fitted model from `to_dict()` output."""
        model = cls(l2=state["l2"])
        model.weights = np.asarray(state["weights"], dtype=float)
        model.bias = float(state["bias"])
        model.mean = np.asarray(state["mean"], dtype=float)
        model.scale = np.asarray(state["scale"], dtype=float)
        return model


def _sigmoid(values: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-values))
