"""What a league's board shows: before the start, who has joined, with Join, Leave, Add a computer and Start; once
it runs, the standings as a table (round robin and Swiss: points, then Buchholz for Swiss, then head to head) or
the bracket as a picture (elimination), and the current round's games with a link to each table's thread. The
board is one message in the league's channel, edited as results come in; `/league status` shows the same."""

from __future__ import annotations

import io
from collections.abc import Mapping

import discord

from bot.discord_ui.components import Controls, LeagueButton
from bot.discord_ui.limits import EMBED_DESCRIPTION, FIELD_VALUE, fit_text
from bot.discord_ui.options import CLOCK_NAMES, CLOCKS
from bot.discord_ui.renderers.bracket_picture import PICTURE_NAME, bracket_png, champion_of
from bot.leagues import Format, Outcome, Pairing, standings
from bot.matches.league_records import LeagueRecord, LeagueStatus
from bot.matches.leagues import rounds_of

FORMAT_NAMES = {Format.ROUND_ROBIN: "round robin", Format.SWISS: "Swiss", Format.ELIMINATION: "single elimination"}
NAME_WIDTH = 18


def names_of(league: LeagueRecord) -> list[str]:
    return [f"🤖 {entrant.name}" if entrant.is_computer else entrant.name for entrant in league.entrants]


def clock_name(seconds: int) -> str:
    key = next((key for key, value in CLOCKS.items() if value == seconds), None)
    return CLOCK_NAMES[key] if key else f"{seconds} seconds"


def league_message(
    league: LeagueRecord,
    title: str,
    threads: Mapping[tuple[int, int], int],
    *,
    buttons: bool = True,
    editing: bool = False,
) -> dict:
    """The board: an embed, the bracket picture for elimination (`attachments` for an edit, which replace the
    picture it had, else `file`), and before the start its buttons."""
    embed = discord.Embed(title=fit_text(f"🏆 League #{league.id}: {title}, {FORMAT_NAMES[league.format]}", 256))
    names = names_of(league)
    facts = [f"Organiser: <@{league.organiser_id}>", f"Turn clock: {clock_name(league.clock_seconds)}"]
    if league.round_days:
        facts.append(f"Each round lasts at most {league.round_days} day{'s' if league.round_days > 1 else ''}")
    message: dict = {"embed": embed}
    if league.league is None:
        facts.append(f"Rounds: {rounds_of(league)} (with {max(len(names), 2)} players)")
        joined = "\n".join(f"{index + 1}. {name}" for index, name in enumerate(names)) or "Nobody yet."
        embed.description = fit_text("\n".join(facts) + f"\n\n**Players ({len(names)})**\n{joined}", EMBED_DESCRIPTION)
        embed.set_footer(text="Join with the button; the organiser starts the league when everyone is in.")
        if buttons:
            view = Controls()
            for verb in ("join", "leave", "computer", "start"):
                view.add_item(LeagueButton(league.id, verb))
            message["view"] = view
        else:
            message["view"] = None
        return message
    played = league.league
    facts.append(f"Round {played.round} of {played.rounds}")
    if league.round_deadline and league.status is LeagueStatus.RUNNING:
        facts.append(f"Round ends <t:{league.round_deadline}:R>: computers then finish every game still playing.")
    if league.format is Format.ELIMINATION:
        champion = champion_of(played, names) if league.status is LeagueStatus.FINISHED else None
        body = f"🥇 **{champion}** wins the league." if champion else "The bracket is in the picture."
        picture = discord.File(io.BytesIO(bracket_png(played, names)), filename=PICTURE_NAME)
        message.update({"attachments": [picture]} if editing else {"file": picture})
        embed.set_image(url=f"attachment://{PICTURE_NAME}")
    else:
        body = standings_table(league, [entrant.name for entrant in league.entrants])
        if league.status is LeagueStatus.FINISHED:
            body = f"🥇 **{names[standings(played)[0].entrant]}** wins the league.\n" + body
    embed.description = fit_text("\n".join(facts) + "\n\n" + body, EMBED_DESCRIPTION)
    if league.status is not LeagueStatus.FINISHED:
        games = [game_line(pairing, names, threads) for pairing in played.round_pairings()]
        embed.add_field(name=f"Round {played.round}", value=_lines_within(games, FIELD_VALUE), inline=False)
    message["view"] = None
    return message


def standings_table(league: LeagueRecord, names: list[str]) -> str:
    """The standings in a code block, one line per player (`names` plain: an emoji's width would shift the
    columns)."""
    swiss = league.format is Format.SWISS
    header = f"{'#':>2}  {'Player':<{NAME_WIDTH}} {'Pts':>4}" + (f" {'Buch':>5}" if swiss else "") + "  W-D-L"
    lines = [header]
    for line in standings(league.league):
        name = fit_text(names[line.entrant], NAME_WIDTH)
        row = f"{line.place:>2}  {name:<{NAME_WIDTH}} {_points(line.points):>4}"
        if swiss:
            row += f" {_points(line.buchholz):>5}"
        row += f"  {line.wins}-{line.draws}-{line.losses}" + (" dropped" if line.dropped else "")
        lines.append(row)
    return "```\n" + "\n".join(lines) + "\n```"


def game_line(pairing: Pairing, names: list[str], threads: Mapping[tuple[int, int], int]) -> str:
    first = names[pairing.first]
    if pairing.second is None:
        return f"{first} has a bye"
    second = names[pairing.second]
    if pairing.outcome is None:
        thread = threads.get((pairing.round, pairing.table))
        return f"{first} vs {second}" + (f": <#{thread}>" if thread else ": opening the table…")
    if pairing.outcome is Outcome.DRAW:
        return f"{first} and {second} drew"
    winner, loser = (first, second) if pairing.winner == pairing.first else (second, first)
    return f"{winner} beat {loser}" + (" (forfeit)" if pairing.forfeit else "")


def _points(value: float) -> str:
    return f"{value:g}"


def _lines_within(lines: list[str], limit: int) -> str:
    shown: list[str] = []
    for index, line in enumerate(lines):
        more = f"…and {len(lines) - index} more"
        if len("\n".join([*shown, line, more])) > limit:
            shown.append(more)
            break
        shown.append(line)
    return "\n".join(shown) or "-"
