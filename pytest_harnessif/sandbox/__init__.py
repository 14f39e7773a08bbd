"""Sandboxes: where an agent's commands and file edits happen."""

from .base import ExecResult, Sandbox, SandboxError
from .local import LocalSandbox

__all__ = ["ExecResult", "LocalSandbox", "Sandbox", "SandboxError"]
