"""What a seat can read of the other hands from the turns the whole table saw, for the hard computer's worlds.

Every card that ever reached the table is still on it (the starting word, then each card a word shed), and every
card exchanged lies face up on the discards, so the letters a seat has not seen are the deck less its own hand,
the table and the discards.

The other seats are read as the normal computer plays (playouts.py): it makes its favourite word, so a seat that
made a word lacked the letter of every word it prefers to that one; and it exchanges only with no word at all,
giving up its hard letters (or its least useful one), so what it kept fits none of that word's places and adds.
A seat lacks what it lacked as long as it draws nothing; an exchange starts its reading again, with the kept
cards read as above and the drawn ones unknown. A player who plays otherwise is read wrongly but harmlessly: where
the reading leaves too few letters to fill a hand, that hand is dealt as if nothing were known.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bot.engine import SeededRandom
from bot.games.not_another_word.cards import LETTER_COUNTS, letters_of
from bot.games.not_another_word.computers import HARD_LETTERS, USEFULNESS
from bot.games.not_another_word.playouts import NormalPlays
from bot.games.not_another_word.state import TurnSeen
from bot.games.not_another_word.views import NotAnotherWordSeatView


@dataclass(frozen=True)
class HandReading:
    """What one other seat holds, as far as the turns show: none of `lacks`, and at least `kept` of its cards
    held since before its last exchange, which are none of `kept_lacks` either."""

    lacks: frozenset[str] = frozenset()
    kept: int = 0
    kept_lacks: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Reading:
    """The letters the seat has not seen, and a reading of each other seat's hand (by seat)."""

    unseen: tuple[str, ...]
    hands: dict[int, HandReading]


def read_table(plays: NormalPlays, view: NotAnotherWordSeatView) -> Reading:
    """What the seat's view tells of the letters it cannot see."""
    public = view.public
    turns = public.turns_seen
    unseen = Counter(LETTER_COUNTS)
    unseen.subtract(letters_of(view.hand))
    shed = [_shed_letter(turn) for turn in turns if turn.made]
    on_table = (turns[0].word if turns else public.word) + "".join(shed)
    exchanged = "".join(turn.exchanged for turn in turns)
    # A match stored before turns were kept has no record of them: only the word showing is known then.
    complete = len(on_table) == sum(public.heights) and len(exchanged) == public.discard_pile_size
    unseen.subtract(on_table + exchanged if complete else public.word)
    hands = {}
    if complete:
        for holder in range(len(public.hand_sizes)):
            if holder != view.seat:
                hands[holder] = _read_hand(plays, turns, holder, public.hand_sizes[holder], public.draw_pile_size)
    return Reading(tuple(sorted(unseen.elements())), hands)


def deal_hand(letters: list[str], size: int, reading: HandReading | None, rng: SeededRandom) -> str:
    """A hand of `size` for a seat read as `reading`, taken at random from `letters` (which loses them): its kept
    cards from the letters it may have kept, the rest from the letters it may hold; unread if they run short."""
    if reading is None:
        return _taken(letters, size, lambda letter: True, rng)
    kept = min(reading.kept, size)
    allowed = [letter for letter in letters if letter not in reading.lacks]
    keepable = sum(1 for letter in allowed if letter not in reading.kept_lacks)
    if len(allowed) < size or keepable < kept:
        return _taken(letters, size, lambda letter: True, rng)
    held = _taken(letters, kept, lambda letter: letter not in reading.lacks and letter not in reading.kept_lacks, rng)
    return held + _taken(letters, size - kept, lambda letter: letter not in reading.lacks, rng)


def _taken(letters: list[str], count: int, fits, rng: SeededRandom) -> str:
    """`count` letters that fit, drawn at random and removed from `letters`."""
    places = [index for index, letter in enumerate(letters) if fits(letter)]
    chosen = []
    for index in range(count):
        other = index + rng.below(len(places) - index)
        places[index], places[other] = places[other], places[index]
        chosen.append(places[index])
    taken = "".join(letters[place] for place in chosen)
    for place in sorted(chosen, reverse=True):
        del letters[place]
    return taken


def _read_hand(plays: NormalPlays, turns: tuple[TurnSeen, ...], holder: int, size: int, pile: int) -> HandReading:
    """The reading of one seat's hand from its turns since its last exchange (and that exchange)."""
    exchanges = [index for index, turn in enumerate(turns) if turn.seat == holder and turn.exchanged]
    exchanged_at = exchanges[-1] if exchanges else -1
    lacks: set[str] = set()
    sheds = 0
    for turn in turns[exchanged_at + 1 :]:
        if turn.seat == holder and turn.made:
            lacks |= _passed_over(plays, turn)
            sheds += bool(_shed_letter(turn))
    if exchanged_at < 0:
        return HandReading(frozenset(lacks))
    exchange = turns[exchanged_at]
    given_up = exchange.exchanged
    held_then = size + sheds
    pile_then = pile + sum(len(turn.exchanged) for turn in turns[exchanged_at:])
    kept_lacks = {option.letter for option in plays.options(exchange.word) if option.letter}
    if given_up[0] in HARD_LETTERS or len(given_up) > 1:
        if len(given_up) < min(held_then, pile_then):
            kept_lacks |= HARD_LETTERS
    else:
        worst = USEFULNESS.index(given_up)
        kept_lacks |= HARD_LETTERS | set(USEFULNESS[worst + 1 :])
    # Which cards its words shed since is not known: those it kept are counted as shed first.
    kept = max(0, held_then - len(given_up) - sheds)
    return HandReading(frozenset(lacks), kept, frozenset(kept_lacks))


def _passed_over(plays: NormalPlays, turn: TurnSeen) -> set[str]:
    """The letters of the words the normal computer prefers to the one made: a seat making it held none of them."""
    letters = set()
    for option in plays.options(turn.word):
        if option.made == turn.made:
            return letters
        if option.letter:
            letters.add(option.letter)
    return set()  # a word the computer never makes (a blocklisted one) tells nothing


def _shed_letter(turn: TurnSeen) -> str:
    """The card a word took from its maker's hand ("" for a combine)."""
    return "".join((Counter(turn.made) - Counter(turn.word)).elements())
