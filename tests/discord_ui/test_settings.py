"""/settings' values as players write them: away hours in 24- or 12-hour times with any dash, a time zone by its name
in any case or an alias, and a short reply for anything else that changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest

from bot.discord_ui.settings import changed_settings
from bot.players import PlayerSettings
from bot.time_zones import time_zone_index

NOW = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)


def changed(*, timezone: str | None = None, away: str | None = None) -> PlayerSettings:
    return changed_settings(PlayerSettings(), timezone, away, None, time_zone_index(), NOW)


@pytest.mark.parametrize(
    ("written", "start", "end"),
    [
        ("23:00-07:30", time(23, 0), time(7, 30)),
        ("11pm-7am", time(23, 0), time(7, 0)),
        ("11:30pm-6am", time(23, 30), time(6, 0)),
        ("9 am - 5 pm", time(9, 0), time(17, 0)),
        ("11pm to 7am", time(23, 0), time(7, 0)),
        ("22:00–24:00", time(22, 0), time(0, 0)),
        ("12am-6:15AM", time(0, 0), time(6, 15)),
    ],
)
def test_away_hours_are_read_as_players_write_them(written, start, end):
    settings = changed(away=written)
    assert (settings.away_from, settings.away_until) == (start, end)


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("late", "Write away hours as two local times, like 23:00-07:00 or 11pm-7am (or none)."),
        ("11pm-7am-9am", "Write away hours as two local times"),
        ("11-7", "I cannot read `11` as a time of day: write it like 23:00, 7:30 or 11pm"),
        ("23:00-24:30", "I cannot read `24:30` as a time of day"),
        ("12am-24:00", "Away hours need different start and end times, like 23:00-07:00."),
    ],
)
def test_away_hours_that_cannot_be_read_are_refused_in_words(written, said):
    with pytest.raises(ValueError) as refused:
        changed(away=written)
    assert str(refused.value).startswith(said)


def test_no_away_hours():
    assert not changed(away="none").has_away_hours


def test_a_time_zone_is_stored_by_its_canonical_name():
    assert changed(timezone="europe/berlin").timezone == "Europe/Berlin"
    assert changed(timezone="US/Eastern").timezone == "America/New_York"


def test_a_place_that_is_no_zone_is_refused_with_the_zone_to_pick():
    with pytest.raises(ValueError) as refused:
        changed(timezone="mumbai")
    assert str(refused.value) == (
        "I do not know the time zone `mumbai`: pick one from the list as you type. "
        "The first there is Mumbai, India — Asia/Kolkata (UTC+5:30 now)."
    )
