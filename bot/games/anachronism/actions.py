"""What a player of Anachronism may do: build a tournament stack, choose a force, place the warrior, act on their
turn (move, rotate, attack, use an Action ability, pass, end the turn), and answer the choices the game asks for.

While a tournament stack is built, `ChooseForce` adds a warrior with its pack, `ChooseWarrior` a warrior alone and
`AddSupport` a support; in a tournament game they choose from the player's own stack."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChooseForce:
    """A warrior and its four supports, in the order they are laid face down (left first)."""

    warrior: str
    supports: tuple[str, ...]

    @property
    def notation(self) -> str:
        return " ".join(("force", self.warrior, *self.supports))


@dataclass(frozen=True)
class ChooseWarrior:
    """Start a custom force with this warrior; its four supports are added one by one (`AddSupport`)."""

    warrior: str

    @property
    def notation(self) -> str:
        return f"warrior {self.warrior}"


@dataclass(frozen=True)
class AddSupport:
    """Add a support to a custom force (four different ones in all)."""

    card: str

    @property
    def notation(self) -> str:
        return f"add {self.card}"


@dataclass(frozen=True)
class ClearStack:
    """Start a tournament stack over (while it is not complete)."""

    @property
    def notation(self) -> str:
        return "clear"


@dataclass(frozen=True)
class LayDown:
    """Put this support next in the face-down row (the leftmost is revealed first)."""

    card: str

    @property
    def notation(self) -> str:
        return f"lay {self.card}"


@dataclass(frozen=True)
class KeepOrder:
    """Keep the remaining supports in the order they are in: the force is ready."""

    @property
    def notation(self) -> str:
        return "ready"


@dataclass(frozen=True)
class Place:
    """Place the warrior in a starting row, `column` from its start (0-3; see `arena.starting_row`): its own, or
    in a game of two against two its teammate's (`row`, the seat whose row it is; -1: its own)."""

    column: int
    row: int = -1

    @property
    def notation(self) -> str:
        return f"place {self.column + 1}" + (f" {self.row}" if self.row >= 0 else "")


@dataclass(frozen=True)
class Move:
    """Move one space (N, E, S or W), then face `facing` at no cost."""

    direction: str
    facing: str

    @property
    def notation(self) -> str:
        return f"move {self.direction} {self.facing}"


@dataclass(frozen=True)
class Rotate:
    facing: str

    @property
    def notation(self) -> str:
        return f"face {self.facing}"


@dataclass(frozen=True)
class Attack:
    """Attack the warrior in `target`'s seat with a basic attack ("basic") or a weapon (its id)."""

    source: str
    target: int

    @property
    def notation(self) -> str:
        return f"attack {self.source} {self.target}"


@dataclass(frozen=True)
class UseAbility:
    """Use an Action ability (`index` on `card`) on your turn, or say yes to an offered optional ability."""

    card: str
    index: int

    @property
    def notation(self) -> str:
        return f"use {self.card} {self.index}"


@dataclass(frozen=True)
class Aim:
    """Aim the ability the game asks about at the warrior in `seat`'s seat."""

    seat: int

    @property
    def notation(self) -> str:
        return f"aim {self.seat}"


@dataclass(frozen=True)
class Decline:
    """Say no to an offered optional ability."""

    @property
    def notation(self) -> str:
        return "decline"


@dataclass(frozen=True)
class Discard:
    """Discard one of the offending cards a card restriction names."""

    card: str

    @property
    def notation(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class RerollDie:
    """Re-roll the die numbered `die` (from 1, as the dice are shown) of the roll an ability lets you choose from."""

    die: int

    @property
    def notation(self) -> str:
        return f"reroll {self.die}"


@dataclass(frozen=True)
class Pass:
    """Spend one action doing nothing."""

    @property
    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True)
class EndTurn:
    """End the turn now, leaving the remaining actions unused."""

    @property
    def notation(self) -> str:
        return "end"


AnachronismAction = (
    ChooseForce
    | ChooseWarrior
    | AddSupport
    | ClearStack
    | LayDown
    | KeepOrder
    | Place
    | Move
    | Rotate
    | Attack
    | UseAbility
    | Decline
    | Discard
    | RerollDie
    | Pass
    | EndTurn
)
