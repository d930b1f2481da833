"""Seasons' calendar and the carry-over of ratings between seasons (bot/seasons.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.ratings import Rating, new_rating, rated
from bot.seasons import carried_over, read_season, season_end, season_of, season_words


def test_a_season_is_a_calendar_month_or_quarter_in_utc():
    late = datetime(2026, 11, 30, 23, 59, 59, tzinfo=UTC)
    assert season_of("month", late) == "2026-11" and season_of("quarter", late) == "2026-Q4"
    assert season_of("month", datetime(2026, 12, 1, tzinfo=UTC)) == "2026-12"
    assert season_of("none", late) is None
    assert season_end("2026-11") == datetime(2026, 12, 1, tzinfo=UTC)
    assert season_end("2026-12") == datetime(2027, 1, 1, tzinfo=UTC)
    assert season_end("2026-Q4") == datetime(2027, 1, 1, tzinfo=UTC)
    assert season_end("2026-Q1") == datetime(2026, 4, 1, tzinfo=UTC)
    assert season_words("2026-11") == "November 2026" and season_words("2026-Q4") == "2026 Q4"


@pytest.mark.parametrize(
    ("typed", "read"),
    [("2026-11", "2026-11"), ("2026-3", "2026-03"), ("2026 q4", "2026-Q4"), (" 2026-Q1 ", "2026-Q1"),
     ("2026-13", None), ("2026-Q5", None), ("spring", None), ("", None)],
)  # fmt: skip
def test_a_season_typed_as_people_write_it(typed, read):
    assert read_season(typed) == read


def test_a_rating_carries_over_halfway_back_to_the_start_and_less_certain():
    start = new_rating()
    strong = rated({}, {1: 1, 2: 2})[1]
    for _ in range(5):
        strong = rated({1: strong}, {1: 1, 2: 2})[1]
    carried = carried_over(strong)
    assert carried.shown - 1000 == pytest.approx((strong.shown - 1000) / 2)
    assert strong.sigma < carried.sigma < start.sigma
    assert carried_over(start) == start
    weak = Rating(start.mu - 4, start.sigma)
    assert carried_over(weak).shown == pytest.approx(1000 - 40)
