"""docs/python.md's examples run: its ```python blocks (not those marked
```python cluster, which need a real cluster), in order, as one script."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", DOC.read_text(), flags=re.S | re.M)


def test_the_docs_examples_run(tmp_path, monkeypatch, capsys):
    code = blocks()
    assert len(code) >= 3, "docs/python.md lost its examples"
    assert any("distributed.sweep" in c for c in code) and any("as_frame=True" in c for c in code)
    monkeypatch.chdir(tmp_path)
    scope: dict = {"__name__": "docs_python_md"}
    for k, c in enumerate(code):
        exec(compile(c, f"docs/python.md block {k + 1}", "exec"), scope)
    # The plot was drawn and the DataFrame printed.
    assert (tmp_path / "disks.png").stat().st_size > 10_000
    assert "rejection_probability" in capsys.readouterr().out
