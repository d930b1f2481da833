"""The Discord words for what the host says without words: refusals, and the way a player is named.

The host refuses with a reason and its facts (bot/matches/refusals.py); this module is the one place that turns
them into the short reply a user reads, with mentions and slash-command names where they help.
"""

from __future__ import annotations

from bot.matches import Attempt, MatchStatus, Player, Refusal, RefusalReason

_PLAIN = {
    RefusalReason.NO_TABLE: "That table no longer exists.",
    RefusalReason.NO_TABLE_HERE: "There is no game running here. Start one with /play.",
    RefusalReason.CHANNEL_BUSY: (
        "This channel already has a table. Finish or abandon it first, or play in another channel."
    ),
    RefusalReason.ALREADY_SEATED: "You are already at this table.",
    RefusalReason.NOT_STARTED: "The game has not started yet.",
    RefusalReason.STALE_BOARD: "That board is out of date: the game has moved on. Use the newest message.",
    RefusalReason.CHANGED_MEANWHILE: "Someone else changed this game at the same moment: please try again.",
    RefusalReason.NOTHING_TO_TYPE: "There is no move for you to type here right now.",
}
_OPENER_ONLY = {
    Attempt.START: "start the game",
    Attempt.ABANDON: "abandon this table",
    Attempt.REMOVE_PLAYER: "remove players",
}


def mention(player: Player) -> str:
    """How a board or notice names a player: a mention for a person, a robot and a name for a computer."""
    return f"🤖 {player.name}" if player.is_computer else f"<@{player.user_id}>"


def refusal_text(refusal: Refusal) -> str:
    """The short reply to a refused request."""
    reason, details = refusal.reason, refusal.details
    if reason in _PLAIN:
        return _PLAIN[reason]
    if reason is RefusalReason.BAD_OPTION and "unknown_game" in details:
        return f"There is no game called {details['unknown_game']}."
    if reason is RefusalReason.ILLEGAL_ACTION and details.get("attempt") is Attempt.REMOVE_YOURSELF:
        return "Use Leave to leave your own table."
    if reason in (RefusalReason.BAD_OPTION, RefusalReason.ILLEGAL_ACTION):
        return details["detail"]
    if reason is RefusalReason.NOT_IN_GAME:
        if details.get("someone_else"):
            return "That player is not at this table."
        return "You are not at this table." if details.get("at_table") else "You are not playing in this game."
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
    if reason is RefusalReason.NOT_YOUR_TURN:
        return f"It is not your turn: waiting for {', '.join(details['waiting_for'])}."
    raise ValueError(f"No wording for the refusal {reason}")
