"""The exceptions of tierplan: the core's field-named messages as Python errors."""

from __future__ import annotations

import json
from typing import Any


class ScenarioError(ValueError):
    """A scenario (or spec, or setting) the core refuses.

    ``errors`` lists every problem as ``{"path": ..., "message": ...}``, the
    path naming the field (``workload.arrival_rate``, ``tiers.disk.count``,
    ``optimize.target``); ``str(e)`` lists them one a line.
    """

    def __init__(self, errors: Any):
        if isinstance(errors, str):
            errors = json.loads(errors)
        self.errors: list[dict[str, str]] = list(errors)
        lines = [f"{e['path']}: {e['message']}" for e in self.errors]
        n = len(lines)
        head = f"invalid scenario ({n} problem{'' if n == 1 else 's'})"
        super().__init__(head + ":\n  " + "\n  ".join(lines))

    @property
    def paths(self) -> list[str]:
        """The paths of the fields at fault."""
        return [e["path"] for e in self.errors]


class TraceError(ValueError):
    """A line of a block trace or request log that cannot be read."""

    def __init__(self, file: str, line: int, message: str):
        self.file = file
        self.line = int(line)
        self.reason = message
        super().__init__(f"{file} line {self.line}: {message}")
