"""The soak script (scripts/soak.py) itself, on a handful of matches so that it cannot rot: it plays every game,
prints what it played, and on a failure prints a replay that plays the same match and exits non-zero."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from .conformance import ConformanceError, check_match

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "soak.py"
spec = importlib.util.spec_from_file_location("soak", SCRIPT)
soak = importlib.util.module_from_spec(spec)
sys.modules["soak"] = soak  # its dataclasses look their module up by name
spec.loader.exec_module(soak)


def test_a_short_run_plays_every_game_and_passes(capsys):
    # Seed 25 deals short matches, so that the run takes a second or two.
    assert soak.main(["--games", "5", "--seed", "25"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Run seed 25: 5 matches")
    for game in ("anarchy", "anomia", "not_another_word", "anokera", "anachronism"):
        assert re.search(rf"{game} +1 played +0 failed", printed), printed


def test_a_failing_match_is_printed_with_its_replay_and_the_run_fails(capsys, monkeypatch):
    def breaks_anomia(rules, seats, options, seed, choices, recording):
        if rules.key == "anomia":
            raise ConformanceError("a rule broke")
        check_match(rules, seats, options, seed, choices, recording)

    monkeypatch.setattr(soak, "check_match", breaks_anomia)
    assert soak.main(["--games", "2", "--seed", "11", "--game", "anomia", "--game", "anokera"]) == 1
    printed = capsys.readouterr().out
    assert "FAILED anomia" in printed and "ConformanceError: a rule broke" in printed
    assert re.search(r"anokera +1 played +0 failed", printed) and re.search(r"anomia +1 played +1 failed", printed)
    replayed = json.loads(re.search(r"--replay '(.*)'", printed).group(1))
    assert soak.Table(**replayed) == soak.table_for(soak.load_rules(), ["anomia", "anokera"], 11, 0)
    with pytest.raises(ConformanceError, match="a rule broke"):
        soak.main(["--replay", json.dumps(replayed)])
