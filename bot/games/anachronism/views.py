"""What players of Anachronism may see: both warriors on the arena, the face-up supports, how many stay face down,
the round, whose turn and the latest rolls; and, for one seat, its own force (face-down supports included), the
question the game asks it, and what it may do now."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Outcome, Seat
from bot.games.anachronism.actions import AnachronismAction
from bot.games.anachronism.state import Offer, Roll


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
    chosen: bool
    """Whether the player's force is ready: chosen and laid down in order (what it is stays private)."""


@dataclass(frozen=True)
class AnachronismPublicView:
    phase: str
    round: int
    order: tuple[Seat, ...]
    active: Seat | None
    actions_left: int
    fighters: tuple[FighterView, ...]
    question: Offer | None
    """The choice the game waits for, and from whom (a re-roll, a discard, an ability's move...), if any: its
    card and options are all face up."""
    last_rolls: tuple[Roll, ...]
    pending_roll: Roll | None
    """The attack whose rolls are made and wait on after-roll choices (kind "pending", with both bonuses): players
    see the rolls before they choose (the rulebook's attack rolls; ruling C3)."""
    offered: tuple[AnachronismAction, ...]
    """What the player the game waits on may do (nothing while forces are chosen in private)."""
    attack_modifiers: tuple[tuple[str, int], ...]
    """Each offered attack's notation and its roll modifier."""
    outcome: Outcome | None

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
    """What the seat may do now, but for choosing from the pool: a warrior (`choosing`), or the supports of a
    custom force (`building`), which the renderer lists from the pool itself."""
    choosing: bool
    building: bool
