"""The LLM judge: rubric-graded votes over named evidence, a content-hash cache, majority with errors kept."""

from .answer import AnswerError, JudgeAnswer, parse_answer
from .prompt import PROMPT_VERSION, Request, truncate
from .service import Judge, JudgeSettings
from .votes import majority

__all__ = [
    "PROMPT_VERSION",
    "AnswerError",
    "Judge",
    "JudgeAnswer",
    "JudgeSettings",
    "Request",
    "majority",
    "parse_answer",
    "truncate",
]
