"""A match of Anachronism as stored: each player's fighter, the round and turn, any attack in progress, and the
choices the game is waiting for; a tournament match's stacks and score. Fighters are a tuple by seat, two to four.

The codec writes these dataclasses as JSON by their type hints, so every type named in them is imported here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.engine import Seat, compact
from bot.engine.levels import NORMAL
from bot.games.anachronism.content import Effect
from bot.games.anachronism.events import AnachronismEnd

ROUNDS = 5
SUPPORTS_PER_FORCE = 4
STACKS, FORCES, PLACING, SUPPORTS, PLAYING = "stacks", "forces", "placing", "supports", "playing"
"""The phases of a game: tournament stacks (a tournament match's first step), forces (a warrior and its supports;
in a tournament game, the warrior alone), placing the warriors, supports (laid down in order once the warriors
are placed; a tournament game's are chosen then too), and the rounds."""
USE, DISCARD, STEP, CHOOSE_ATTACK, CHOOSE_TARGET, CHOOSE_DIE = "use", "discard", "step", "attack", "target", "die"
"""The kinds of `Offer`: to use an optional ability, to discard an offending card, to move the warrior (an ability
that moves it, space by space), to choose what an attack an ability made is made with, to choose the opposing
warrior an ability is aimed at (with more than one in the arena), or to choose which die of a roll to re-roll."""
WHILE_IN_PLAY = "in_play"
"""How long the effect of an ability that gives no duration lasts (`Lasting.until`): while its card is in play
(the ability durations)."""


@dataclass(frozen=True)
class Fighter:
    """One player's warrior and support cards, and where the warrior stands."""

    warrior: str = ""
    """Empty until the player has chosen their force."""
    supports: tuple[str, ...] = ()
    """The four supports from left to right, as the player laid them face down."""
    laid: int = 0
    """While choosing: how many supports, from the left, the player has put in their place."""
    ready: bool = False
    """Whether the player's supports are laid down in order (after the warriors are placed)."""
    revealed: int = 0
    """How many of `supports`, from the left, have been turned face up at least once (the others are secret)."""
    turned_up: str = ""
    """The support turned face up at the start of this round (empty: none): its Initiative and Reveal ability
    count this round. A card an ability turned face up earlier is not one (it may have been the next to turn)."""
    face_up: tuple[str, ...] = ()
    """The supports face up and in play."""
    discarded: tuple[str, ...] = ()
    turned_down: tuple[str, ...] = ()
    """Supports an ability turned face down again: in play no more, but not discarded. They are face down like
    the ones never turned up, and the round's reveal turns the leftmost face-down card up, whichever it is."""
    space: tuple[int, int] | None = None
    facing: str = "N"
    life: int = 0
    experience_change: int = 0
    """Permanent changes to Experience made by abilities."""
    setup_roll: int = 0
    set_next_roll: int = 0
    """A value an ability set this player's next roll to (0: none)."""
    weapon_attacks: tuple[str, ...] = ()
    """The weapons that have attacked this turn."""
    uses: tuple[str, ...] = ()
    """Abilities with a usage limit used this turn or round: "card:index:turn" or "card:index:round"."""
    fallen: bool = False
    """Defeated: its Life fell to 0 or below and it left the arena (a game of more than two goes on without it)."""

    @property
    def face_down(self) -> tuple[str, ...]:
        """The supports face down, left to right: those never turned up and those an ability turned down."""
        return tuple(card for card in self.supports if card not in self.face_up and card not in self.discarded)

    def turning_up(self, card: str) -> Fighter:
        """The fighter once `card`, one of its face-down supports, is turned face up (again, if an ability had
        turned it down): the newest of its face-up cards."""
        return replace(
            self,
            revealed=max(self.revealed, self.supports.index(card) + 1),
            face_up=(*self.face_up, card),
            turned_down=tuple(each for each in self.turned_down if each != card),
        )


@compact
@dataclass(frozen=True)
class Lasting:
    """An effect an ability gave for a while (`until`): until the end of `round`, until its owner's next turn
    (or its owner's fall, ruling C8), for its owner's next attack, or while `card` is in play (`WHILE_IN_PLAY`:
    an ability that gives no duration)."""

    seat: Seat
    effect: Effect
    until: str
    round: int
    target: Seat = -1
    """The opposing warrior an effect on an opponent was aimed at (-1: every opposing warrior)."""
    card: str = ""
    """The card whose ability gave it."""


@compact
@dataclass(frozen=True)
class Offer:
    """A choice the game waits for from `seat`: to use an optional ability (`card`, `index`; several in a row
    for one seat came at the same moment, and the player chooses their order), to discard one of `options` (a
    card restriction), to move up to `steps` more spaces (an ability's move), to attack `target` with one of
    `options` (an attack an ability made, with more than one weapon in reach), or which of the seats in
    `options` an ability (`card`, `index`) is aimed at, or which die of `target`'s roll to re-roll (`options`: the
    dice as they show, in order)."""

    seat: Seat
    kind: str
    card: str = ""
    index: int = 0
    options: tuple[str, ...] = ()
    steps: int = 0
    target: Seat = -1
    """The warrior the choice concerns: an attack's target, or for an ability after a hit or a miss the other
    warrior of that attack, the warrior an ability's move goes on to act on, or whose die is re-rolled (-1:
    none)."""
    then: int = 0
    """For an ability's move: the position of the ability's next effect, carried out once the move is done (0:
    none)."""
    at_plus: int | None = None
    """For an attack "at +X" made with a weapon of the player's choice: X (None: an attack from a grid)."""


@dataclass(frozen=True)
class AttackRoll:
    """An attack whose rolls are made and which waits for after-roll choices before it counts."""

    attacker: Seat
    defender: Seat
    source: str
    """"basic", or the weapon's id."""
    modifier: int
    """The grid cell's modifier, or X for an attack "at +X"."""
    fixed: bool
    """An attack "at +X": no other attack roll modifier applies (ruling C5)."""
    attack_dice: tuple[int, ...]
    defense_dice: tuple[int, ...]
    """Every die rolled; `keep` says which count."""
    created: bool = False
    """Made by an ability: it costs no action and is not the weapon's one attack of the turn."""
    reacted: tuple[Seat, ...] = ()
    """The seats that used an after-roll ability on these rolls."""
    set_rolls: tuple[Seat, ...] = ()
    """The seats whose roll an ability set: no dice were rolled, so it is not doubles and has no die to re-roll."""
    attack_keep: int = 0
    """How many of the attack roll's dice count, the best ones (0: all of them: the `keep_best` effect)."""
    defense_keep: int = 0
    critical: bool = False
    """An ability made this attack count as a critical hit if it hits."""

    def dice_of(self, seat: Seat) -> tuple[int, ...]:
        """Every die of `seat`'s roll (the attacker's or the defender's)."""
        return self.attack_dice if seat == self.attacker else self.defense_dice

    def counted(self, seat: Seat) -> tuple[int, ...]:
        """The dice of `seat`'s roll that count: all of them, or the best `keep` (highest first)."""
        keep = self.attack_keep if seat == self.attacker else self.defense_keep
        dice = self.dice_of(seat)
        return tuple(sorted(dice, reverse=True)[:keep]) if keep else dice

    def doubles(self, seat: Seat) -> bool:
        """Whether `seat`'s roll is doubles: two dice counted that show the same value, and rolled (a set roll is
        not)."""
        counted = self.counted(seat)
        return seat not in self.set_rolls and len(counted) == 2 and counted[0] == counted[1]


@dataclass(frozen=True)
class Roll:
    """The rolls of an attack waiting on after-roll choices, as players see them before they choose (ruling C3):
    `seat` attacks `target` with `source`, its dice and bonus against the defence's. (Every roll made is told in
    the events: `ATTACKED`, `SETUP_ROLLED`, `ROLLED_OFF`, `REROLLED`.)"""

    seat: Seat
    target: Seat
    source: str
    dice: tuple[int, ...]
    bonus: int
    other_dice: tuple[int, ...]
    other_bonus: int


@dataclass(frozen=True)
class Stack:
    """A player's tournament stack (the tournament rules): warriors and four supports for each, no card twice."""

    warriors: tuple[str, ...] = ()
    supports: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    """The discard pile: every card of the stack an earlier game of the match used, face-down supports included."""


@dataclass(frozen=True)
class Tournament:
    """A match of several games: the stacks by seat and each finished game's winner (None: a draw)."""

    games: int
    stacks: tuple[Stack, ...]
    winners: tuple[Seat | None, ...] = ()

    def wins(self, seat: Seat) -> int:
        return sum(winner == seat for winner in self.winners)

    @property
    def lead(self) -> Seat | None:
        """The winner of the last game, who chooses and places a warrior first (None: the first game, or after a
        draw, which start the same way)."""
        return self.winners[-1] if self.winners else None


GAME_START = {
    "round": 0, "order": (), "stage": "", "handled": (), "turn_index": 0, "actions_done": 0, "attack": None,
    "offers": (), "queued": (), "lasting": (), "fallen": (), "passed": (),
}  # fmt: skip
"""The fields of `AnachronismState` as every game starts them (each game of a tournament match afresh)."""


@dataclass(frozen=True)
class AnachronismState:
    """A whole match, secrets included. Only `AnachronismRules.view` may show it to players."""

    computer_seats: tuple[Seat, ...]
    phase: str
    fighters: tuple[Fighter, ...]
    round: int
    order: tuple[Seat, ...]
    """The turn order of this round, by Initiative."""
    stage: str
    """Where the round is: "restrictions", "reveal", "round_start", "turn_start", "turn", "turn_end", "turn_over",
    "round_end" or "round_over" (see rules.py)."""
    handled: tuple[str, ...]
    """The timed abilities (Reveal, start and end of round, end of turn) already used this round: "seat:card:index"."""
    turn_index: int
    attack: AttackRoll | None
    offers: tuple[Offer, ...]
    """Choices waiting, first first."""
    queued: tuple[AttackRoll, ...]
    """Attacks abilities created, made once the attack in progress is done (their dice are rolled then)."""
    lasting: tuple[Lasting, ...]
    result: AnachronismEnd | None
    placings: tuple[tuple[Seat, ...], ...]
    rng_state: int
    steps: int
    """How many actions the match has taken: each computer decision's timer is named by it."""
    tournament: Tournament | None = None
    """A match of several games; None for a single game."""
    teams: bool = False
    """Two against two (the multiplayer rules): seats 0 and 2 are one team, seats 1 and 3 the other."""
    fallen: tuple[tuple[Seat, ...], ...] = ()
    """The warriors defeated in a game of more than two, in the order they fell (those falling at once together)."""
    actions_done: int = 0
    """The actions the active warrior has completed this turn: the turn ends once they reach its Speed, as it is
    now (a change of Speed during the turn counts). A game stored before this field starts the turn afresh."""
    passed: tuple[Offer, ...] = ()
    """The abilities after a hit or a miss that the active player declined: if the other player then uses one of
    theirs at that moment, the active player is asked again (the simultaneous-abilities rule)."""
    computer_level: str = NORMAL
    """How well the computer players play (the table option computer_level)."""

    @property
    def seat_count(self) -> int:
        return len(self.fighters)

    @property
    def active(self) -> Seat | None:
        """The seat whose turn it is, in a round."""
        if self.phase != PLAYING or self.turn_index >= len(self.order):
            return None
        return self.order[self.turn_index]
