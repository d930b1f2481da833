"""Anokera's content: the role sheet (ruling K6, our design), read from data/anokera/roles.json.

Each role is a patron god, who favours one kind of death and scorns another, and a template that says how the
role scores. The numbers are data so they can be tuned after playtests; `parse_content` reads them into frozen
values, and `RoleSheet.score` works a role's score out line by line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

CONTENT_FILES = ("roles.json",)
DEATHS = ("violence", "famine", "disaster")


@dataclass(frozen=True)
class Patron:
    """A god of the city's doom: the death it favours, and the death it scorns (its rival)."""

    death: str
    god: str
    scorns: str

    @property
    def ally(self) -> str:
        """The third kind of death, which the patron neither favours nor scorns."""
        return next(death for death in DEATHS if death not in (self.death, self.scorns))


@dataclass(frozen=True)
class Template:
    """How a kind of role scores: points per death of its own, rival and ally kinds, and a bonus per player
    when its own kind has the most deaths."""

    template: str
    title: str
    own: int
    rival: int
    ally: int
    most_per_player: int
    summary: str


@dataclass(frozen=True)
class Role:
    id: str
    patron: str
    template: str
    name: str
    line: str


@dataclass(frozen=True)
class ScoreLine:
    """One line of a role's score worked out: what it counts, and the points it gives."""

    text: str
    points: int


@dataclass(frozen=True)
class RoleSheet:
    """The nine roles with their patrons and templates, and how each scores."""

    patrons: tuple[Patron, ...]
    templates: tuple[Template, ...]
    roles: tuple[Role, ...]
    _patron: Mapping[str, Patron] = field(init=False, repr=False, compare=False)
    _template: Mapping[str, Template] = field(init=False, repr=False, compare=False)
    _role: Mapping[str, Role] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_patron", {patron.death: patron for patron in self.patrons})
        object.__setattr__(self, "_template", {template.template: template for template in self.templates})
        object.__setattr__(self, "_role", {role.id: role for role in self.roles})

    def role(self, role_id: str) -> Role:
        return self._role[role_id]

    def patron_of(self, role_id: str) -> Patron:
        return self._patron[self._role[role_id].patron]

    def template_of(self, role_id: str) -> Template:
        return self._template[self._role[role_id].template]

    def summary(self, role_id: str) -> str:
        """What the role scores, in a sentence with its numbers."""
        patron, template = self.patron_of(role_id), self.template_of(role_id)
        return template.summary.format(
            own=template.own,
            rival=template.rival,
            rival_loss=-template.rival,
            ally=template.ally,
            most_per_player=template.most_per_player,
            death=patron.death,
            rival_death=patron.scorns,
            ally_death=patron.ally,
            god=patron.god,
        )

    def score_lines(self, role_id: str, deaths: Mapping[str, int], players: int) -> tuple[ScoreLine, ...]:
        """The role's score worked out from the deaths by kind, one line per rule that applies."""
        patron, template = self.patron_of(role_id), self.template_of(role_id)
        lines = []
        for kind, per_death in (
            (patron.death, template.own),
            (patron.scorns, template.rival),
            (patron.ally, template.ally),
        ):
            if per_death:
                lines.append(ScoreLine(f"{deaths[kind]} by {kind} x {per_death}", deaths[kind] * per_death))
        if template.most_per_player and deaths[patron.death] and deaths[patron.death] == max(deaths.values()):
            bonus = template.most_per_player * players
            lines.append(
                ScoreLine(f"{patron.death} claimed the most: {template.most_per_player} x {players} players", bonus)
            )
        return tuple(lines)

    def score(self, role_id: str, deaths: Mapping[str, int], players: int) -> int:
        return sum(line.points for line in self.score_lines(role_id, deaths, players))


def parse_content(files: Mapping[str, str]) -> RoleSheet:
    """Read roles.json; every role names a known patron and template, and every death kind has one patron."""
    data = json.loads(files["roles.json"])
    patrons = tuple(Patron(item["death"], item["god"], item["scorns"]) for item in data["patrons"])
    templates = tuple(
        Template(
            item["template"], item["title"], item["own"], item["rival"], item["ally"], item["most_per_player"],
            item["summary"],
        )
        for item in data["templates"]
    )  # fmt: skip
    roles = tuple(
        Role(item["id"], item["patron"], item["template"], item["name"], item["line"]) for item in data["roles"]
    )
    if sorted(patron.death for patron in patrons) != sorted(DEATHS):
        raise ValueError("roles.json: there must be one patron for each kind of death")
    if sorted(patron.scorns for patron in patrons) != sorted(DEATHS) or any(p.scorns == p.death for p in patrons):
        raise ValueError("roles.json: each patron scorns another kind of death, each kind scorned once")
    for template in templates:
        numbers = (template.own, template.rival, template.ally, template.most_per_player)
        if not all(type(number) is int for number in numbers):
            raise ValueError(f"roles.json: template {template.template}'s numbers must be whole numbers")
    known = {template.template for template in templates}
    for role in roles:
        if role.patron not in DEATHS or role.template not in known:
            raise ValueError(f"roles.json: role {role.id} names an unknown patron or template")
    if len({role.id for role in roles}) != len(roles):
        raise ValueError("roles.json: role ids must be unique")
    dealt = sorted((role.patron, role.template) for role in roles)
    if dealt != sorted((death, template) for death in DEATHS for template in known):
        raise ValueError("roles.json: there must be one role of each template for each patron")
    return RoleSheet(patrons, templates, roles)
