"""Achievements in Discord: the book of achievements built from the games the bot hosts (bot/achievements.py has
the rules), the line that announces those a finished game earned, and how /stats lists a player's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.achievements import Achievement, AchievementBook, achievement_book
from bot.catalogue import Game
from bot.matches import Match


def book_of(games: Mapping[str, Game]) -> AchievementBook:
    """Every achievement of these games: Anachronism's counts their warriors, Anokera's their roles' patrons."""
    anachronism = games.get("anachronism")
    anokera = games.get("anokera")
    warriors = [warrior.id for warrior in anachronism.rules.pool.warriors] if anachronism else []
    patrons = {role.id: role.patron for role in anokera.rules.sheet.roles} if anokera else {}
    return achievement_book({key: game.title for key, game in games.items()}, warriors, patrons)


def _titles(achievements: Sequence[Achievement]) -> str:
    named = [f"**{achievement.title}** ({achievement.how.rstrip('.')})" for achievement in achievements]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def earned_text(match: Match, earned: Mapping[int, Sequence[Achievement]]) -> str:
    """The announcement of what a finished game earned (user id -> new achievements), a line a player; empty when
    it earned nothing."""
    lines = [
        f"🏅 <@{player.user_id}> earned {_titles(earned[player.user_id])}."
        for player in (*match.players, *match.departed)
        if earned.get(player.user_id)
    ]
    return "\n".join(lines)


def stats_lines(earned: Sequence[Achievement], book: AchievementBook, game: str | None) -> str:
    """A player's achievements as /stats shows them: how many of how many, and their titles."""
    possible = [achievement for achievement in book.achievements if game is None or achievement.game in (game, None)]
    if not earned:
        return f"None yet, of {len(possible)}. /rules game: tells what earns them."
    return f"{len(earned)} of {len(possible)}: " + " · ".join(f"🏅 {achievement.title}" for achievement in earned)
