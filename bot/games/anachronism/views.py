"""What players of Anachronism may see: both warriors on the arena, the face-up supports, how many stay face down,
the round, whose turn and the roll waiting on choices; and, for one seat, its own force (face-down supports
included), the question the game asks it, and what it may do now."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Outcome, Seat
from bot.games.anachronism.actions import AnachronismAction
from bot.games.anachronism.state import Offer, Roll, Stack


@dataclass(frozen=True)
class Prohibition:
    """Something a warrior cannot do now (`what`: "move", "rotate" or "weapon_attack"), and why: the card of
    `seat`'s whose ability forbids it, and for how long (`until`: "" while that card is in play and the ability's
    condition holds, else a `Lasting`'s)."""

    what: str
    card: str
    seat: Seat
    until: str


@dataclass(frozen=True)
class FighterView:
    seat: Seat
    warrior: str
    """Empty until the warrior is placed."""
    space: tuple[int, int] | None
    facing: str
    life: int
    speed: int
    experience: int
    face_up: tuple[str, ...]
    face_down: int
    discarded: tuple[str, ...]
    team: int
    """The seat's team: its own seat number, or in a game of two against two 0 (seats 0 and 2) or 1 (1 and 3)."""
    fallen: bool
    """Defeated and out of the arena (`space` is None)."""
    chosen: bool
    """Whether the player's force is ready: chosen and laid down in order, or in a tournament game's choice of
    warriors, the warrior chosen (what it is stays private)."""
    prohibited: tuple[Prohibition, ...] = ()
    """What the warrior cannot do now, and why (ruling C8: the board says so)."""

    @property
    def defeated(self) -> bool:
        """Out of the fight: fallen and gone from the arena, or (the attack that ended the game) down to 0 Life or
        below where it stood."""
        return self.fallen or (bool(self.warrior) and self.life <= 0)


@dataclass(frozen=True)
class MatchScore:
    """A tournament match as everyone sees it: the score, the game in play, and both discard piles."""

    games: int
    game: int
    """The game in play (or the last one, once the match is over), from 1."""
    wins: tuple[int, ...]
    draws: int
    discards: tuple[tuple[str, ...], ...]
    """Each seat's discard pile: the cards its earlier games used, face-down ones too (they are public)."""
    stacks_ready: tuple[bool, ...]
    """While stacks are built: whose is complete (what it holds stays private)."""
    lead: Seat | None
    """The last game's winner, who chooses and places a warrior first (None: the first game, or after a draw)."""


@dataclass(frozen=True)
class AnachronismPublicView:
    phase: str
    teams: bool
    """Two against two: `FighterView.team` tells the teams apart."""
    round: int
    order: tuple[Seat, ...]
    active: Seat | None
    actions_left: int
    placing: Seat | None
    """The player to place a warrior now (choosing it first, in a tournament game after one someone won)."""
    fighters: tuple[FighterView, ...]
    question: Offer | None
    """The choice the game waits for, and from whom (a re-roll, a discard, an ability's move...), if any: its
    card and options are all face up."""
    pending_roll: Roll | None
    """The attack whose rolls are made and wait on after-roll choices, with both bonuses: players see the rolls
    before they choose (the rulebook's attack rolls; ruling C3)."""
    offered: tuple[AnachronismAction, ...]
    """What the player the game waits on may do (nothing while forces are chosen in private)."""
    attack_modifiers: tuple[tuple[str, int], ...]
    """Each offered attack's notation and its roll modifier."""
    outcome: Outcome | None
    match: MatchScore | None = None
    """A tournament match's score; None for a single game."""

    def modifier_of(self, notation: str) -> int:
        return dict(self.attack_modifiers).get(notation, 0)


@dataclass(frozen=True)
class AnachronismSeatView:
    public: AnachronismPublicView
    seat: Seat
    warrior: str
    supports: tuple[str, ...]
    """The seat's own supports in their order, face-down ones included."""
    offer: Offer | None
    legal_actions: tuple[AnachronismAction, ...]
    """What the seat may do now, but for choosing from the pool: a warrior (`choosing`), the supports of a
    custom force (`building`), or the cards of a tournament stack (`stacking`), which the renderer lists from the
    pool itself. Choices from the seat's own tournament stack are listed here."""
    choosing: bool
    building: bool
    stack: Stack | None = None
    """The seat's own tournament stack, its discard pile included; None for a single game."""
    stacking: bool = False
    team_cards: tuple[str, ...] = ()
    """The cards the seat's teammates have chosen, which its force may not have too (two against two)."""
