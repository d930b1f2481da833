"""The hard computer's choice in Not Another Word: every word it may make, and when it has no word to shed every
different exchange, each played out to the end in the same worlds dealt from its seat's view.

The game is a race to shed seven cards, so a turn without a shed (an exchange, or a word that only combines) is
what loses it. Where the normal computer takes the word that leaves the fewest follow-ups and exchanges only its
hard letters, the search weighs each choice by how often it wins: the word that leaves the other hands stuck
most often and its own hand the best letters, and the exchange that keeps the letters that work together.

Each choice is played out in worlds that the seat cannot tell from the real game: the letters it has not seen dealt
at random to the other hands, each hand as its turns read (reading.py), and the draw pile. Every seat plays on as
the normal computer would (playouts.py), the seat itself included. The choices are narrowed by rounds (successive
halving): all of them over a few worlds, then the better half over twice as many, the same worlds for every choice
so that a difference between two choices is theirs and not the deal's. The worlds are drawn from a source seeded by
the view alone, so the same view always gives the same choice.
"""

from __future__ import annotations

from itertools import combinations

from bot.engine import SeededRandom
from bot.engine.search import view_seed
from bot.games.not_another_word.actions import Exchange, MakeWord, NotAnotherWordAction
from bot.games.not_another_word.cards import letter_of, letters_of
from bot.games.not_another_word.playouts import NormalPlays, Option, Table
from bot.games.not_another_word.reading import Reading, deal_hand, read_table
from bot.games.not_another_word.views import NotAnotherWordSeatView

MOST_WORLDS = 384
"""Worlds the last choices standing are played out in."""
PLAYOUTS = 4800
"""Play-outs per decision in all, about: some 40 ms of one core at the median, 150 ms at the 99th percentile."""

DRAWS_DEALT = 30
"""Cards of the draw pile dealt at random in a world: more than a game ever draws but in rare long ones."""

Choice = Option | str
"""A word to make, or the letters to exchange."""


def hard_choice(plays: NormalPlays, view: NotAnotherWordSeatView) -> NotAnotherWordAction | None:
    """The hard computer's move from its seat's view; None when it has neither a word nor an exchange (a pass)."""
    public = view.public
    hand = letters_of(view.hand)
    words = [option for option in plays.options(public.word) if option.letter in hand]
    winning = next((option for option in words if option.follow_ups == 0 or option.letter == hand), None)
    if winning is not None:
        return MakeWord(winning.made)
    choices: list[Choice] = list(words)
    if view.exchange_limit and not any(option.sheds for option in words):
        choices.extend(_exchanges(hand, view.exchange_limit))
    if len(choices) <= 1:
        return _action(view, choices[0]) if choices else None
    rng = SeededRandom(view_seed(view))
    reading = read_table(plays, view)
    worlds: list[Table] = []
    standing = list(range(len(choices)))
    scores = [0.0] * len(choices)
    per_round = PLAYOUTS // (len(choices) - 1).bit_length()  # the rounds share the play-outs alike
    target = 0
    while len(standing) > 1:
        played, target = target, min(MOST_WORLDS, target + max(1, per_round // len(standing)))
        worlds.extend(_world(view, reading, rng) for _ in range(target - len(worlds)))
        for index in standing:
            scores[index] += sum(_played(plays, world, view.seat, choices[index]) for world in worlds[played:target])
        standing.sort(key=lambda index: (-scores[index], index))
        standing = standing[: (len(standing) + 1) // 2]
    return _action(view, choices[standing[0]])


def _exchanges(hand: str, limit: int) -> list[str]:
    """Every different set of letters the hand can exchange, at most `limit` of them."""
    return sorted(
        {"".join(sorted(letters)) for count in range(1, limit + 1) for letters in combinations(hand, count)},
        key=lambda letters: (len(letters), letters),
    )


def _world(view: NotAnotherWordSeatView, reading: Reading, rng: SeededRandom) -> Table:
    """A game the seat cannot tell from the real one: the letters it has not seen (reading.py) dealt at random to
    the other hands, each as its turns read, and the top of the draw pile; the rest are deeper in the draw pile."""
    public = view.public
    letters = list(reading.unseen)
    hands = []
    for holder, size in enumerate(public.hand_sizes):
        if holder == view.seat:
            hands.append(letters_of(view.hand))
        else:
            hands.append(deal_hand(letters, size, reading.hands.get(holder), rng))
    draw_pile = "".join(_dealt(letters, min(public.draw_pile_size, DRAWS_DEALT), rng)[: public.draw_pile_size])
    return Table(view.seat, public.word, hands, draw_pile, public.final_turns_left, public.options.table_blocked)


def _dealt(letters: list[str], count: int, rng: SeededRandom) -> list[str]:
    """`count` of the letters drawn at random, in a random order, then the others in their order (Fisher-Yates
    stopped after `count` draws: dealing every letter at random costs more than a decision's play-outs)."""
    letters = list(letters)
    for index in range(min(count, len(letters) - 1)):
        other = index + rng.below(len(letters) - index)
        letters[index], letters[other] = letters[other], letters[index]
    return letters


def _played(plays: NormalPlays, world: Table, seat: int, choice: Choice) -> float:
    """The seat's share of the win when it makes `choice` in a copy of `world` and every seat plays on as the
    normal computer would."""
    table = Table(world.turn, world.word, list(world.hands), world.draw_pile, world.final_turns_left,
                  world.table_blocked)  # fmt: skip
    winners = table.make(plays, choice) if isinstance(choice, Option) else table.exchange(plays, choice)
    if winners is None:
        winners = table.played_out(plays)
    return 1 / len(winners) if seat in winners else 0.0


def _action(view: NotAnotherWordSeatView, choice: Choice) -> NotAnotherWordAction:
    if isinstance(choice, Option):
        return MakeWord(choice.made)
    cards = list(view.hand)
    chosen = []
    for letter in choice:
        card = next(card for card in cards if letter_of(card) == letter)
        cards.remove(card)
        chosen.append(card)
    return Exchange(tuple(sorted(chosen)))
