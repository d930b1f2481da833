"""The Discord words for what the host says without words, and the rules for repeating what users said.

The host refuses with a reason and its facts (bot/matches/refusals.py); this module is the one place that turns
them into the short reply a user reads, with mentions and slash-command names where they help.

Players' own text (names, answers, options) is repeated only through `inert`: on one line, cut short, with
markdown and mentions escaped, so it can neither ping anyone nor pose as a link. And a message pings only the
players it mentions itself (`pinging`): the bot's default is to ping nobody.
"""

from __future__ import annotations

import re

import discord

from bot.matches import Attempt, Match, MatchStatus, Player, Refusal, RefusalReason

NAME_LIMIT = 32
"""Discord's own limit on a display name."""
TEXT_LIMIT = 100
"""How much of a player's answer or word the bot repeats."""
_MENTION = re.compile(r"<@!?(\d+)>")

_PLAIN = {
    RefusalReason.NO_TABLE: "That table no longer exists.",
    RefusalReason.NO_TABLE_HERE: "There is no game running here. Start one with /play.",
    RefusalReason.CHANNEL_BUSY: (
        "This channel already has a table. Finish or abandon it first, or play in another channel."
    ),
    RefusalReason.NOT_STARTED: "The game has not started yet.",
    RefusalReason.CHANGED_MEANWHILE: "Someone else changed this game at the same moment: please try again.",
    RefusalReason.NOTHING_TO_TYPE: "There is no move for you to type here right now.",
    RefusalReason.TYPED_ONLY: "That move can only be typed: send it in the channel, or with /answer or /word.",
    RefusalReason.CANNOT_COME_BACK: "You left this game, so you can't come back to it.",
}
_OPENER_ONLY = {
    Attempt.START: "start the game",
    Attempt.ABANDON: "abandon this table",
    Attempt.REMOVE_PLAYER: "remove players",
    Attempt.CHANGE_OPTIONS: "change the table's options",
}


def inert(text: str, limit: int = TEXT_LIMIT) -> str:
    """A user's text made safe to repeat: one line, at most `limit` characters, markdown and mentions escaped."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(_one_line(text, limit)))


def as_code(text: str, limit: int = 40) -> str:
    """A user's text shown as code (`turbo`): a code span shows mentions and markdown as typed, and the
    user's own backticks, which could end it early, are turned into quotes."""
    return "`" + _one_line(text.replace("`", "'"), limit) + "`"


def _as_sentence(text: str) -> str:
    """A game's reason, which it writes without a full stop, ended as a sentence."""
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def _one_line(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def pinging(content: str, match: Match) -> discord.AllowedMentions:
    """Let `content` ping exactly the players of `match` it mentions, and nobody else."""
    seated = {player.user_id for player in match.players if not player.is_computer}
    users = sorted({int(found) for found in _MENTION.findall(content)} & seated)
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user) for user in users])


def counted(count: int, noun: str) -> str:
    """A number of things in words: "1 card", "3 cards"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def mention(player: Player) -> str:
    """How a board or notice names a player: a mention for a person, a robot and a name for a computer."""
    return f"🤖 {player.name}" if player.is_computer else f"<@{player.user_id}>"


def refusal_text(refusal: Refusal) -> str:
    """The short reply to a refused request."""
    reason, details = refusal.reason, refusal.details
    if reason in _PLAIN:
        return _PLAIN[reason]
    if reason is RefusalReason.BAD_OPTION and "unknown_game" in details:
        return f"There is no game called {inert(details['unknown_game'], 40)}."
    if reason is RefusalReason.ILLEGAL_ACTION and details.get("attempt") is Attempt.REMOVE_YOURSELF:
        return "Use Leave to leave your own table."
    if reason in (RefusalReason.BAD_OPTION, RefusalReason.ILLEGAL_ACTION):
        return _as_sentence(inert(details["detail"], 300))  # the game's words may quote what the player typed
    if reason is RefusalReason.NOT_IN_GAME:
        if details.get("someone_else"):
            return "That player is not at this table."
        if details.get("taken_over"):
            return "You left this game, and someone else plays your seat now."
        if details.get("left"):
            return "You left this game, so a computer plays your seat now; you can't move in it any more."
        return "You are not at this table." if details.get("at_table") else "You are not playing in this game."
    if reason is RefusalReason.ALREADY_SEATED:
        return "You are already playing in this game." if details.get("playing") else "You are already at this table."
    if reason is RefusalReason.NO_FREE_SEAT:
        if details.get("taken"):
            return "Someone else took that seat just now."
        return "There is no seat to take over in this game."
    if reason is RefusalReason.TABLE_FULL:
        return f"This table is full ({details['max_players']} players)."
    if reason is RefusalReason.NOT_ENOUGH_PLAYERS:
        return f"{details['game']} needs at least {details['needed']} players; {details['seated']} seated so far."
    if reason is RefusalReason.NOT_OPENER:
        return f"Only the table's opener, <@{details['opener_id']}>, can {_OPENER_ONLY[details['attempt']]}."
    if reason is RefusalReason.ALREADY_STARTED:
        if details.get("attempt") is Attempt.LEAVE:
            return "The game has started, so you cannot leave it. The opener can end it with /abandon."
        return "This game has already started."
    if reason is RefusalReason.GAME_OVER:
        status = details["status"]
        return "This game is over." if status is MatchStatus.FINISHED else f"This game is over: the table was {status}."
    if reason is RefusalReason.NO_RECORD:
        if details.get("table") is None:
            command = details.get("command", "record")
            return f"No game was played here. Name one with /{command} table: (the numbers are in /history)."
        return f"No game was played at table #{details['table']} in this server (the numbers are in /history)."
    if reason is RefusalReason.STALE_BOARD:
        if details.get("board"):
            return "That board was out of date: here it is as the game stands now."
        return "That panel was out of date: here is your current one."
    if reason is RefusalReason.NOT_FINISHED:
        shown = "replay" if details.get("replay") else "record"
        return f"This game is still being played: its {shown} opens when it ends."
    if reason is RefusalReason.NO_REPLAY:
        table = details["table"]
        why = "was played under older rules, so it can't be replayed" if details.get("unreadable") else None
        why = why or "was abandoned, so it has no replay"
        return f"The game at table #{table} {why}; /record table:{table} shows its moves."
    if reason is RefusalReason.NOT_YOUR_TURN:
        return f"It is not your turn: waiting for {', '.join(details['waiting_for'])}."
    raise ValueError(f"No wording for the refusal {reason}")
