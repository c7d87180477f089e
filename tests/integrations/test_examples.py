"""The examples run, with a small budget, and print a win rate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("gymnasium")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("script", ["train_linear_policy.py", "ismcts_vs_bots.py"])
def test_example_runs_with_a_small_budget(script: str) -> None:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), "--budget", "small"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "win rate" in done.stdout
