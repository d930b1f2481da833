"""A quick model of Not Another Word for the hard computer's play-outs: the same turns as the rules, played on
letters alone, with every seat choosing as the normal computer does (computers.py).

The hard computer plays thousands of imagined turns per decision, so the model keeps only what changes play: the
word showing (the stacks' heights and the cards buried in them never matter again), each hand as a string of
letters, and the draw pile as letters in order (discarded cards never come back). Each word's successors are
listed once (`NormalPlays`), in the normal computer's order of preference, so that a turn is a walk down that
list to the first word the hand can make rather than a round of dictionary lookups.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.games.not_another_word.computers import HARD_LETTERS, USEFULNESS
from bot.games.not_another_word.dictionary import COMBINE, WordIndex


@dataclass(frozen=True)
class Option:
    """A word a computer may make from another: `letter` is the card it takes ("" for a combine), `follow_ups`
    how many words could then be made from it, the word it was made from aside (none: ruling N7 ends the game)."""

    made: str
    letter: str
    follow_ups: int

    @property
    def sheds(self) -> bool:
        return bool(self.letter)


class NormalPlays:
    """The words a computer may make from each word of one dictionary, worked out the first time a word comes
    up, and the normal computer's choice among them for a hand."""

    def __init__(self, dictionary: WordIndex, blocklist: frozenset[str], sizes: Mapping[str, int]) -> None:
        self._dictionary = dictionary
        self._blocklist = blocklist
        self._sizes = sizes
        self._made: dict[str, frozenset[str]] = {}
        self._options: dict[str, tuple[Option, ...]] = {}
        self._first: dict[str, dict[str, int]] = {}

    def options(self, word: str) -> tuple[Option, ...]:
        """The words a computer may make from `word` (none blocklisted), the normal computer's favourite first
        for a hand of two cards or more: a word nothing can follow, then one that sheds a card, then the fewest
        follow-ups, then the commonest word, then the last in alphabetical order."""
        options = self._options.get(word)
        if options is None:
            found = []
            for move, made in self._dictionary.successors(word):
                if made not in self._blocklist:
                    following = self._made_from(made)
                    letter = "" if move.kind == COMBINE else move.letter
                    found.append(Option(made, letter, len(following) - (word in following)))
            options = self._options[word] = tuple(sorted(found, key=self._preference))
            first: dict[str, int] = {}
            for index, option in enumerate(options):
                first.setdefault(option.letter, index)
            self._first[word] = first
        return options

    def choice(self, word: str, hand: str) -> Option | None:
        """The word the normal computer makes from `word` with `hand` (computers.ranked_words's first), or None
        when it has none: going out first, then its order of preference."""
        options = self.options(word)
        # Where each letter's first word stands in the order ("" for the first combine), so that a hand's choice
        # is a few lookups rather than a walk down the list.
        first = self._first[word]
        if len(hand) == 1 and hand in first:
            return options[first[hand]]
        found = [first[letter] for letter in (*hand, "") if letter in first]
        return options[min(found)] if found else None

    def _made_from(self, word: str) -> frozenset[str]:
        made = self._made.get(word)
        if made is None:
            made = self._made[word] = frozenset(following for _, following in self._dictionary.successors(word))
        return made

    def _preference(self, option: Option) -> tuple:
        reverse_alphabetical = (*(-ord(letter) for letter in option.made), 1)
        return (
            option.follow_ups != 0,
            not option.sheds,
            option.follow_ups,
            self._sizes.get(option.made, 100),
            reverse_alphabetical,
        )


def normal_exchange(hand: str, limit: int) -> str:
    """The letters the normal computer exchanges when it has no word (computers.py): its hard letters, or its
    least useful one, at most `limit` of them."""
    by_use = sorted(hand, key=lambda letter: -USEFULNESS.index(letter))
    hard = [letter for letter in by_use if letter in HARD_LETTERS] or by_use[:1]
    return "".join(hard[:limit])


@dataclass
class Table:
    """A game in play, as letters: whose turn it is, the word showing, each hand, the draw pile (top first) and,
    once its last card is drawn, how many turns the final round has left (ruling N6)."""

    turn: int
    word: str
    hands: list[str]
    draw_pile: str
    final_turns_left: int | None
    table_blocked: bool = False

    def make(self, plays: NormalPlays, option: Option) -> tuple[int, ...] | None:
        """The seat to act makes `option`'s word: the winners if that ends the game, else None and the turn
        passes on."""
        seat = self.turn
        if option.letter:
            hand = self.hands[seat] = self.hands[seat].replace(option.letter, "", 1)
            if not hand:
                return (seat,)
        if option.follow_ups == 0:
            return (seat,)
        self.word = option.made
        if self.table_blocked and not any(
            any(other.letter in hand for other in plays.options(option.made))
            for holder, hand in enumerate(self.hands)
            if holder != seat
        ):
            return (seat,)
        return self.turn_done(plays)

    def exchange(self, plays: NormalPlays, letters: str) -> tuple[int, ...] | None:
        """The seat to act exchanges `letters` (ruling N5); the winners if the final round ends with it."""
        hand = self.hands[self.turn]
        for letter in letters:
            hand = hand.replace(letter, "", 1)
        drawn = len(letters)
        self.hands[self.turn] = hand + self.draw_pile[:drawn]
        self.draw_pile = self.draw_pile[drawn:]
        if not self.draw_pile:
            self.final_turns_left = len(self.hands) + 1
        return self.turn_done(plays)

    def turn_done(self, plays: NormalPlays) -> tuple[int, ...] | None:
        """Hand the turn on as the rules do, passing for a seat with no move once the draw pile is empty; the
        winners if the final round ends."""
        while True:
            if self.final_turns_left is not None:
                self.final_turns_left -= 1
            self.turn = (self.turn + 1) % len(self.hands)
            if self.final_turns_left == 0:
                fewest = min(len(hand) for hand in self.hands)
                return tuple(seat for seat, hand in enumerate(self.hands) if len(hand) == fewest)
            if self.draw_pile or plays.choice(self.word, self.hands[self.turn]) is not None:
                return None

    def played_out(self, plays: NormalPlays) -> tuple[int, ...]:
        """Play on to the end as the normal computer would in every seat; the winners."""
        while True:
            hand = self.hands[self.turn]
            option = plays.choice(self.word, hand)
            if option is not None:
                winners = self.make(plays, option)
            elif self.draw_pile:
                winners = self.exchange(plays, normal_exchange(hand, len(self.draw_pile)))
            else:
                winners = self.turn_done(plays)
            if winners is not None:
                return winners
