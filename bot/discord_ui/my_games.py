"""/my-games: every live table a player sits at, in every server the bot shares with them: the game, where it is,
whose turn it is with the time left on its clock, and a link to its board. Private (ephemeral in a server)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable, Mapping, Sequence

import discord

from bot.catalogue import Game
from bot.discord_ui.wording import mention
from bot.matches import Match, MatchStatus, Snapshot

SHOWN = 25
ASK_FOR_NAMES_SECONDS = 1.5
"""How long /my-games waits for Discord to name servers of other processes' shards (it must answer within 3 s)."""
"""An embed holds at most 25 fields: the oldest tables first, the rest counted."""


async def server_names(client: discord.Client, guild_ids: Iterable[int | None]) -> dict[int, str]:
    """The names of these servers: from this process's shards, else asked of Discord (a server another process's
    shard serves, as a direct message's /my-games reaches shard 0's process); "a server" when Discord will not say
    in time."""
    names = {}
    unknown = set()
    for guild_id in {guild_id for guild_id in guild_ids if guild_id is not None}:
        guild = client.get_guild(guild_id)
        if guild is not None:
            names[guild_id] = guild.name
        else:
            unknown.add(guild_id)

    async def ask(guild_id: int) -> None:
        with contextlib.suppress(discord.HTTPException, TimeoutError):
            async with asyncio.timeout(ASK_FOR_NAMES_SECONDS):
                names[guild_id] = (await client.fetch_guild(guild_id, with_counts=False)).name

    await asyncio.gather(*(ask(guild_id) for guild_id in unknown))
    return names


def board_link(match: Match) -> str:
    message = f"/{match.board_message_id}" if match.board_message_id else ""
    return f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}{message}"


def my_games_embed(
    user_id: int,
    tables: Sequence[Snapshot],
    games: Mapping[str, Game],
    server_name: Callable[[int | None], str],
    clock_due: Callable,
) -> discord.Embed:
    """`server_name` names a guild id; `clock_due(match, player)` is when that player's clock runs out."""
    embed = discord.Embed(title="Your games", colour=discord.Colour.blurple())
    if not tables:
        embed.description = "You are not at any table right now. Open one with /play."
        return embed
    for snapshot in tables[:SHOWN]:
        match = snapshot.match
        lines = [f"{server_name(match.guild_id)}, <#{match.channel_id}> · [board]({board_link(match)})"]
        if match.status is MatchStatus.LOBBY:
            lines.append(f"Waiting for players to join ({len(match.players)} seated).")
        else:
            for seat in sorted(snapshot.actors):
                player = match.at_seat(seat)
                who = "**your turn**" if player.user_id == user_id else f"waiting for {mention(player)}"
                due = clock_due(match, player)
                lines.append(who + (f", the clock runs out <t:{int(due.timestamp())}:R>" if due else ""))
        embed.add_field(name=games[match.game].title, value="\n".join(lines)[:1024], inline=False)
    if len(tables) > SHOWN:
        embed.set_footer(text=f"and {len(tables) - SHOWN} more")
    return embed
