"""Finding a time zone by what people type: a city in English or its local name, a country, an abbreviation, an
offset with the sign people mean, a zone's name in any case; canonical zones only, an alias typed in full stored as
the zone it stands for."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.discord_ui.settings import time_zone_label
from bot.time_zones import folded, time_zone_index

WINTER = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)
SUMMER = datetime(2026, 7, 15, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def index():
    return time_zone_index()


def zones(index, typed: str, now: datetime = WINTER) -> list[str]:
    return [place.zone for place in index.search(typed, now)]


@pytest.mark.parametrize(
    ("typed", "zone", "within"),
    [
        ("munich", "Europe/Berlin", 1),
        ("München", "Europe/Berlin", 1),
        ("muenchen", "Europe/Berlin", 1),
        ("mumbai", "Asia/Kolkata", 1),
        ("bombay", "Asia/Kolkata", 1),
        ("beijing", "Asia/Shanghai", 1),
        ("são paulo", "America/Sao_Paulo", 1),
        ("sao paulo", "America/Sao_Paulo", 1),
        ("new york", "America/New_York", 1),
        ("nyc", "America/New_York", 1),
        ("la", "America/Los_Angeles", 1),
        ("germany", "Europe/Berlin", 1),
        ("india", "Asia/Kolkata", 1),
        ("pacific", "America/Los_Angeles", 1),
        ("EST", "America/New_York", 1),
        ("est", "America/New_York", 1),
        ("pst", "America/Los_Angeles", 1),
        ("ist", "Asia/Kolkata", 1),
        ("ist", "Europe/Dublin", 3),
        ("ist", "Asia/Jerusalem", 3),
        ("cet", "Europe/Berlin", 3),
        ("cet", "Europe/Paris", 10),
        ("jst", "Asia/Tokyo", 1),
        ("europe/berlin", "Europe/Berlin", 1),
        ("EUROPE/BERLIN", "Europe/Berlin", 1),
        ("america/new_york", "America/New_York", 1),
        ("berl", "Europe/Berlin", 1),
    ],
)
def test_what_people_type_finds_their_zone_among_the_first(index, typed, zone, within):
    assert zone in zones(index, typed)[:within], zones(index, typed)[:within]


def test_pacific_offers_the_american_west_coast_before_the_islands(index):
    found = zones(index, "pacific")
    assert found[:2] == ["America/Los_Angeles", "America/Tijuana"] and "America/Vancouver" in found[:5]


@pytest.mark.parametrize("typed", ["gmt+5", "GMT+5", "utc+5", "UTC +05:00", "+5"])
def test_five_hours_ahead_of_utc_is_etc_gmt_minus_5_then_the_zones_there(index, typed):
    found = zones(index, typed)
    assert found[0] == "Etc/GMT-5", "POSIX writes UTC+5 as Etc/GMT-5"
    assert found[1] == "Asia/Karachi" and "Asia/Tashkent" in found
    assert "Etc/GMT+5" not in found, "Etc/GMT+5 is five hours behind UTC"


def test_an_offset_behind_utc_and_one_with_minutes(index):
    assert zones(index, "utc-5")[:2] == ["Etc/GMT+5", "America/New_York"]
    assert zones(index, "UTC-3:30") == ["America/St_Johns"]  # Newfoundland in winter, no whole-hour Etc zone
    assert zones(index, "utc+5:30")[:2] == ["Asia/Kolkata", "Asia/Colombo"]
    assert zones(index, "gmt")[:2] == ["UTC", "Europe/London"]


def test_an_offset_finds_the_zones_at_it_now_first(index):
    assert zones(index, "utc-4", SUMMER)[1] == "America/New_York"  # daylight saving time
    assert zones(index, "utc-5", SUMMER)[1] != "America/New_York"


def test_labels_say_where_the_zone_is_and_its_offset_now(index):
    labels = [time_zone_label(place, WINTER) for place in index.search("munich", WINTER)]
    assert labels[0] == "Munich, Germany — Europe/Berlin (UTC+1 now)"
    assert time_zone_label(index.search("munich", SUMMER)[0], SUMMER).endswith("(UTC+2 now)")
    assert time_zone_label(index.search("gmt+5", WINTER)[0], WINTER) == (
        "UTC+5 all year, no daylight saving — Etc/GMT-5"
    )
    assert time_zone_label(index.search("est", WINTER)[0], WINTER) == (
        "New York, United States — America/New_York (UTC-5 now)"
    )


def test_nothing_typed_offers_utc_then_one_place_for_each_of_the_most_populous_zones(index):
    found = zones(index, "")
    assert found[0] == "UTC" and "Asia/Shanghai" in found[:3] and "Asia/Kolkata" in found
    assert len(found) == len(set(found)) == 25


def test_legacy_aliases_are_never_offered(index):
    offered = {
        place.zone
        for typed in ("us", "us/pacific", "asia/calcutta", "europe/kiev", "gb", "e")
        for place in index.search(typed, WINTER)
    }
    assert not offered & {"US/Pacific", "US/Eastern", "Asia/Calcutta", "Europe/Kiev", "GB", "EST", "Etc/UTC"}
    assert zones(index, "us/pacific")[0] == "America/Los_Angeles"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Europe/Berlin", "Europe/Berlin"),
        ("europe/berlin", "Europe/Berlin"),
        ("  AMERICA/NEW_YORK ", "America/New_York"),
        ("america/new york", "America/New_York"),
        ("US/Pacific", "America/Los_Angeles"),
        ("Asia/Calcutta", "Asia/Kolkata"),
        ("Europe/Kiev", "Europe/Kyiv"),
        ("Iceland", "Atlantic/Reykjavik"),
        ("Etc/UTC", "UTC"),
        ("utc", "UTC"),
        ("Etc/GMT-5", "Etc/GMT-5"),
    ],
)
def test_a_zone_or_alias_typed_in_full_is_stored_as_its_canonical_zone(index, typed, stored):
    assert index.canonical(typed) == stored


@pytest.mark.parametrize(
    "typed", ["munich", "EST", "Mars/Olympus_Mons", "../etc/passwd", "x" * 300, "Europe/Ber\x00lin", "", "America"]
)
def test_anything_else_is_no_zone(index, typed):
    assert index.canonical(typed) is None


def test_every_offered_zone_is_canonical_and_every_label_fits_discord(index):
    for typed in ("", "a", "s", "new", "utc+1", "pacific", "ist", "america/"):
        for place in index.search(typed, WINTER):
            assert index.canonical(place.zone) == place.zone
            assert len(time_zone_label(place, WINTER)) <= 100
    assert all(len(index.search(typed, WINTER)) == 25 for typed in ("", "a", "s", "new"))


def test_names_are_compared_without_case_accents_or_underscores():
    assert folded("São_Paulo") == folded("SAO  paulo") == "sao paulo"
    assert folded("München") == "munchen"
