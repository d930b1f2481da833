"""Players' time zones and away hours: when a moment is in them, when a held-back reminder may go, and when a turn
clock that runs only outside them runs out, across both daylight-saving changes of a year."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest

from bot.players import PlayerSettings, awake_at, clock_runs_out, is_away, read_clock_time

NEW_YORK_NIGHTS = PlayerSettings("America/New_York", time(23, 0), time(8, 0))
"""Away from 23:00 to 08:00 in New York: UTC-5 in winter, UTC-4 in summer; in 2026 the clocks go forward on
8 March (02:00 -> 03:00) and back on 1 November (02:00 -> 01:00)."""


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


def test_away_hours_are_local_and_may_cross_midnight():
    assert is_away(NEW_YORK_NIGHTS, utc(2026, 1, 15, 4, 0))  # 23:00 in New York
    assert not is_away(NEW_YORK_NIGHTS, utc(2026, 1, 15, 3, 59))
    assert is_away(NEW_YORK_NIGHTS, utc(2026, 1, 15, 12, 59)) and not is_away(NEW_YORK_NIGHTS, utc(2026, 1, 15, 13))
    daytime = PlayerSettings("Asia/Tokyo", time(9, 0), time(17, 30))  # away at work, UTC+9
    assert is_away(daytime, utc(2026, 6, 1, 0, 0)) and not is_away(daytime, utc(2026, 6, 1, 8, 30))
    assert not is_away(PlayerSettings("UTC"), utc(2026, 1, 1, 3))


def test_a_reminder_held_back_goes_when_the_away_hours_end():
    assert awake_at(NEW_YORK_NIGHTS, utc(2026, 1, 15, 6, 0)) == utc(2026, 1, 15, 13, 0)  # 08:00 EST
    assert awake_at(NEW_YORK_NIGHTS, utc(2026, 7, 15, 6, 0)) == utc(2026, 7, 15, 12, 0)  # 08:00 EDT
    assert awake_at(NEW_YORK_NIGHTS, utc(2026, 1, 15, 18, 0)) == utc(2026, 1, 15, 18, 0)


def test_the_night_the_clocks_go_forward_is_an_hour_shorter():
    # 23:00 EST on 7 March is 04:00 UTC; 08:00 EDT on 8 March is 12:00 UTC: eight hours away, not nine.
    assert is_away(NEW_YORK_NIGHTS, utc(2026, 3, 8, 4, 0)) and not is_away(NEW_YORK_NIGHTS, utc(2026, 3, 8, 3, 59))
    assert awake_at(NEW_YORK_NIGHTS, utc(2026, 3, 8, 4, 0)) == utc(2026, 3, 8, 12, 0)
    # A one-hour clock started at 22:30 EST runs half an hour, waits out the night, then runs to 08:30 EDT.
    assert clock_runs_out(NEW_YORK_NIGHTS, utc(2026, 3, 8, 3, 30), timedelta(hours=1)) == utc(2026, 3, 8, 12, 30)


def test_the_night_the_clocks_go_back_is_an_hour_longer():
    # 23:00 EDT on 31 October is 03:00 UTC; 08:00 EST on 1 November is 13:00 UTC: ten hours away.
    assert awake_at(NEW_YORK_NIGHTS, utc(2026, 11, 1, 3, 0)) == utc(2026, 11, 1, 13, 0)
    assert clock_runs_out(NEW_YORK_NIGHTS, utc(2026, 11, 1, 2, 30), timedelta(hours=1)) == utc(2026, 11, 1, 13, 30)


def test_away_hours_that_a_change_skips_start_when_the_new_clock_gets_there():
    skipped = PlayerSettings("America/New_York", time(2, 30), time(4, 0))  # 02:30 never shows on 8 March
    assert not is_away(skipped, utc(2026, 3, 8, 7, 15))  # 03:15 EDT
    assert is_away(skipped, utc(2026, 3, 8, 7, 30)) and awake_at(skipped, utc(2026, 3, 8, 7, 30)) == utc(2026, 3, 8, 8)


def test_a_clock_runs_only_outside_away_hours_over_several_days():
    started = utc(2026, 1, 15, 14, 0)  # 09:00 EST
    # A day of clock: 14 hours on the 15th (to 23:00), the other 10 from 08:00 on the 16th: 18:00 EST.
    assert clock_runs_out(NEW_YORK_NIGHTS, started, timedelta(days=1)) == utc(2026, 1, 16, 23, 0)
    # Three days: 14 + 15 + 15 + 15 hours to the night of the 18th, the last 13 on the 19th: 21:00 EST.
    assert clock_runs_out(NEW_YORK_NIGHTS, started, timedelta(days=3)) == utc(2026, 1, 20, 2, 0)
    assert clock_runs_out(PlayerSettings("Europe/Berlin"), started, timedelta(days=1)) == utc(2026, 1, 16, 14, 0)
    asleep = utc(2026, 1, 15, 6, 0)  # a clock started during the night waits for the morning
    assert clock_runs_out(NEW_YORK_NIGHTS, asleep, timedelta(minutes=10)) == utc(2026, 1, 15, 13, 10)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("23:00", time(23, 0)),
        ("7:30", time(7, 30)),
        ("0:05", time(0, 5)),
        ("24:00", time(0, 0)),  # the midnight that ends a day
        ("11pm", time(23, 0)),
        ("11:30pm", time(23, 30)),
        ("9 am", time(9, 0)),
        ("9 a.m.", time(9, 0)),
        ("7 PM", time(19, 0)),
        ("12am", time(0, 0)),
        ("12:30am", time(0, 30)),
        ("12pm", time(12, 0)),
    ],
)
def test_clock_times_are_read_as_players_write_them(text, expected):
    assert read_clock_time(text) == expected


@pytest.mark.parametrize("text", ["", "7", "late", "25:00", "24:30", "12:60", "12:5", "13pm", "0am", "7:3pm"])
def test_other_times_are_refused(text):
    with pytest.raises(ValueError):
        read_clock_time(text)


def test_away_hours_to_midnight_end_when_the_day_does():
    evening = PlayerSettings("UTC", time(22, 0), read_clock_time("24:00"))
    assert is_away(evening, utc(2026, 1, 15, 23, 59)) and not is_away(evening, utc(2026, 1, 16, 0, 0))
    assert not is_away(evening, utc(2026, 1, 15, 21, 59))
