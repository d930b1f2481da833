"""The replay menu's places: a match of several games (an Anachronism tournament) names each chapter with its game,
so that no two places read the same; a single game names its chapters alone."""

from __future__ import annotations

from types import SimpleNamespace

from support import GAMES

from bot.discord_ui.replays import replay_places
from bot.engine import Event
from bot.games.anachronism.events import AnachronismEvent

RENDERER = GAMES["anachronism"].renderer


def _round(number: int) -> Event:
    return Event(AnachronismEvent.ROUND_STARTED, None, {"round": number})


def _position(moves: dict[int, list[Event]], last: int) -> SimpleNamespace:
    return SimpleNamespace(match=None, moves=last, events=lambda move: tuple(moves.get(move, ())))


def test_a_tournaments_rounds_are_told_apart_by_their_game():
    game_over = Event(AnachronismEvent.GAME_ENDED, 0, {"game": 1})
    moves = {3: [_round(1)], 9: [_round(2)], 12: [game_over], 15: [_round(1)], 20: [_round(2)]}
    labels = [label for label, _ in replay_places(_position(moves, 25), RENDERER)]
    assert labels == [
        "The deal (move 0)",
        "Game 1: Round 1 (move 3)",
        "Game 1: Round 2 (move 9)",
        "Game 2: Round 1 (move 15)",
        "Game 2: Round 2 (move 20)",
        "The end (move 25)",
    ]


def test_a_single_games_rounds_are_named_alone():
    labels = [label for label, _ in replay_places(_position({3: [_round(1)], 9: [_round(2)]}, 12), RENDERER)]
    assert labels == ["The deal (move 0)", "Round 1 (move 3)", "Round 2 (move 9)", "The end (move 12)"]
