"""The words for a league request the host refused (bot/matches/leagues.py `LeagueRefusal`): short, and saying
what to do instead."""

from __future__ import annotations

from bot.matches.leagues import LeagueReason, LeagueRefusal

REFUSALS = {
    LeagueReason.ROUNDS_NOT_SWISS: "Only a Swiss league takes `rounds:`: a round robin plays everyone once, and a "
    "bracket plays until one player is left.",
    LeagueReason.CHANNEL_BUSY: "This channel already has a league that is taking players or running: finish it "
    "first, or create the league in another channel.",
    LeagueReason.NO_LEAGUE: "There is no league here. Create one with `/league create`.",
    LeagueReason.ALREADY_JOINED: "You have already joined this league.",
    LeagueReason.NOT_JOINED: "You have not joined this league.",
    LeagueReason.ALREADY_STARTED: "This league has started: players can no longer join or leave it. The organiser "
    "can drop a player with `/league drop`.",
    LeagueReason.NOT_STARTED: "This league has not started yet: a player can still leave it with its Leave button.",
    LeagueReason.UNKNOWN_PLAYER: "That player is not in this league.",
    LeagueReason.ALREADY_DROPPED: "That player has already been dropped from this league.",
    LeagueReason.OVER: "This league is over.",
    LeagueReason.CHANGED_MEANWHILE: "The league changed at the same moment: please try again.",
}


def league_refusal_text(refusal: LeagueRefusal) -> str:
    details = refusal.details
    if refusal.reason is LeagueReason.GAME_NOT_OFFERED:
        return (
            "Leagues pair one player against another, so they offer the games that seat two: "
            f"{', '.join(details['offered'])}."
        )
    if refusal.reason is LeagueReason.ROUNDS_OUT_OF_RANGE:
        return f"`rounds:` can be 1 to {details['most']}."
    if refusal.reason is LeagueReason.ROUND_DAYS_OUT_OF_RANGE:
        return f"`round_days:` can be {details['least']} to {details['most']} days."
    if refusal.reason is LeagueReason.NOT_ORGANISER:
        return f"Only the league's organiser (<@{details['organiser_id']}>) can do that."
    if refusal.reason is LeagueReason.FULL:
        return f"This league is full ({details['most']} players)."
    if refusal.reason is LeagueReason.TOO_FEW:
        return f"A league needs at least {details['needed']} players; {details['joined']} joined so far."
    return REFUSALS[refusal.reason]
