"""Anokera's role sheet (data/anokera/roles.json, ruling K6): nine roles, three gods in a cycle of scorn, one role
of each template per god; every summary states its numbers; the player-facing help (docs/rules/anokera.md) states
the same numbers as the sheet, so tuning the data can never leave the help behind; and a malformed sheet is
refused. Numbers are read from the sheet and the help, never written here."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from bot.games.anokera.content import CONTENT_FILES, DEATHS, parse_content

from .positions import RULES, SHEET

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data" / "anokera"
HELP = ROOT / "docs" / "rules" / "anokera.md"
RAW = (DATA / "roles.json").read_text(encoding="utf-8")
NUMBERS = ("own", "rival", "ally", "most_per_player")


def test_the_rules_are_built_from_the_shipped_sheet():
    assert CONTENT_FILES == ("roles.json",)
    assert parse_content({"roles.json": RAW}) == SHEET == RULES.sheet


def test_nine_roles_three_per_god_one_of_each_template():
    assert len(SHEET.roles) == 9 and len({role.id for role in SHEET.roles}) == 9
    templates = sorted(template.template for template in SHEET.templates)
    assert len(templates) == 3 and len(set(templates)) == 3
    for patron in SHEET.patrons:
        served = [role.template for role in SHEET.roles if role.patron == patron.death]
        assert sorted(served) == templates, patron.death
    assert Counter(role.patron for role in SHEET.roles) == Counter({death: 3 for death in DEATHS})


def test_every_name_line_god_and_title_is_written():
    for role in SHEET.roles:
        assert role.name.strip() and role.line.strip(), role.id
    assert all(patron.god.strip() for patron in SHEET.patrons)
    assert all(template.title.strip() for template in SHEET.templates)
    assert len({role.name for role in SHEET.roles}) == 9


def test_each_god_scorns_the_next_in_the_cycle_violence_famine_disaster():
    scorns = {patron.death: patron.scorns for patron in SHEET.patrons}
    assert scorns == {"violence": "famine", "famine": "disaster", "disaster": "violence"}


def test_a_gods_ally_is_the_kind_it_neither_favours_nor_scorns():
    for patron in SHEET.patrons:
        assert {patron.death, patron.scorns, patron.ally} == set(DEATHS)


def test_every_summary_is_filled_in_and_states_each_number_of_its_template():
    for role in SHEET.roles:
        summary = SHEET.summary(role.id)
        template, patron = SHEET.template_of(role.id), SHEET.patron_of(role.id)
        assert "{" not in summary and "}" not in summary, role.id
        stated = {int(number) for number in re.findall(r"\d+", summary)}
        for name in NUMBERS:
            value = getattr(template, name)
            if value:
                assert abs(value) in stated, (role.id, name, summary)
        assert patron.death in summary, role.id
        if template.rival:
            assert patron.scorns in summary, role.id
        if template.ally:
            assert patron.ally in summary, role.id


def test_score_lines_add_up_to_the_score():
    deaths = {"violence": 5, "famine": 3, "disaster": 4}
    for role in SHEET.roles:
        lines = SHEET.score_lines(role.id, deaths, 4)
        assert sum(line.points for line in lines) == SHEET.score(role.id, deaths, 4)
        assert all(line.text for line in lines)


# The help states the sheet's numbers.


def roles_section() -> str:
    text = HELP.read_text(encoding="utf-8")
    match = re.search(r"^## The roles\s*$(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, "docs/rules/anokera.md has no '## The roles' section"
    return match.group(1)


def help_items() -> dict[str, str]:
    """The section's bullet items that begin with a bold title ("- **Acolyte**: ..."), each joined onto one line,
    by lowercase title."""
    items, current = {}, None
    for line in roles_section().splitlines():
        start = re.match(r"^\s*[-*]\s+\*\*(.+?)\*\*\s*:?(.*)$", line)
        if start:
            current = start.group(1).strip().lower()
            items[current] = start.group(2).strip()
        elif current is not None and line.startswith((" ", "\t")) and line.strip():
            items[current] += " " + line.strip()
        else:
            current = None
    return items


def stated_numbers(item: str) -> dict[str, int]:
    """The numbers a help item states, by what each counts: a number per player is the bonus for the most deaths;
    one after "minus" (or "lose") is per death of the scorned kind; one per death of the god's kind is its own,
    and also the third kind's when the same clause names "the third kind"; one per death of the third kind alone is
    the ally's."""
    stated = dict.fromkeys(NUMBERS, 0)
    for match in re.finditer(r"(minus|lose|loses|less)?\s*\b(\d+)\b([^,;.]*)", item):
        sign, number, clause = match.group(1), int(match.group(2)), match.group(3)
        if "per player" in clause:
            stated["most_per_player"] = number
        elif sign:
            stated["rival"] = -number
        else:
            if "god's kind" in clause or "its kind" in clause or "own" in clause:
                stated["own"] = number
            if "third kind" in clause or "tolerates" in clause:
                stated["ally"] = number
    return stated


def test_the_help_states_each_templates_numbers_as_the_sheet_has_them():
    items = help_items()
    for template in SHEET.templates:
        assert template.title.lower() in items, f"the help has no item for the {template.title}"
        expected = {name: getattr(template, name) for name in NUMBERS}
        assert stated_numbers(items[template.title.lower()]) == expected, template.title


def test_the_help_names_each_god_with_its_death_and_the_death_it_scorns():
    section = " ".join(roles_section().split())
    for patron in SHEET.patrons:
        name = patron.god.split()[0]
        assert f"**{name}** ({patron.death})" in section
        assert f"{name} scorns {patron.scorns}" in section


def test_the_help_parser_reads_numbers_by_what_they_count():
    assert stated_numbers("5 points per death of the god's kind, plus 7 points per player if it has the most") == {
        "own": 5,
        "rival": 0,
        "ally": 0,
        "most_per_player": 7,
    }
    assert (
        stated_numbers("6 points per death of the god's kind, minus 2 per death of the kind it scorns")["rival"] == -2
    )
    envoy = stated_numbers("3 points per death of the god's kind, and 1 per death of the third kind")
    assert (envoy["own"], envoy["ally"]) == (3, 1)


# A malformed sheet is refused.


def edited(change) -> str:
    data = json.loads(RAW)
    change(data)
    return json.dumps(data)


def without_a_patron(data):
    del data["patrons"][0]


def self_scorning(data):
    data["patrons"][0]["scorns"] = data["patrons"][0]["death"]


def scorned_twice(data):
    data["patrons"][0]["scorns"] = data["patrons"][1]["scorns"]


def unknown_template(data):
    data["roles"][0]["template"] = "prophet"


def unknown_patron(data):
    data["roles"][0]["patron"] = "plague"


def duplicate_id(data):
    data["roles"][1]["id"] = data["roles"][0]["id"]


def missing_field(data):
    del data["roles"][0]["name"]


@pytest.mark.parametrize(
    "change", [without_a_patron, self_scorning, scorned_twice, unknown_template, unknown_patron, duplicate_id]
)
def test_a_sheet_breaking_the_role_rules_is_refused(change):
    with pytest.raises(ValueError, match=r"roles\.json"):
        parse_content({"roles.json": edited(change)})


def test_a_sheet_that_is_not_json_or_lacks_a_field_is_refused():
    with pytest.raises(ValueError):
        parse_content({"roles.json": RAW[:-20]})
    with pytest.raises((ValueError, KeyError)):
        parse_content({"roles.json": edited(missing_field)})


def fewer_roles(data):
    del data["roles"][3:]


def two_acolytes_for_one_god(data):
    data["roles"][2]["template"] = "acolyte"


def a_number_as_text(data):
    data["templates"][0]["own"] = str(data["templates"][0]["own"])


@pytest.mark.parametrize("change", [fewer_roles, two_acolytes_for_one_god])
def test_a_sheet_without_one_role_of_each_template_per_god_is_refused(change):
    with pytest.raises(ValueError):
        parse_content({"roles.json": edited(change)})


def test_a_sheet_with_a_number_written_as_text_is_refused():
    with pytest.raises(ValueError):
        parse_content({"roles.json": edited(a_number_as_text)})
