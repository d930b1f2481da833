"""/history: a server's recently finished games, newest first, each with its winner(s), when it ended (a Discord
timestamp, in each viewer's own time) and a link to its board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.catalogue import Game
from bot.matches import FinishedTable


def history_embed(guild_id: int, tables: Sequence[FinishedTable], games: Mapping[str, Game]) -> discord.Embed:
    embed = discord.Embed(title="Recent games here", colour=discord.Colour.blurple())
    if not tables:
        embed.description = "No game has finished in this server yet. Open one with /play."
        return embed
    lines = []
    for table in tables:
        winners = ", ".join(f"<@{user_id}>" if user_id > 0 else name for user_id, name in table.winners)
        board = f"/{table.board_message_id}" if table.board_message_id else ""
        link = f"https://discord.com/channels/{guild_id}/{table.channel_id}{board}"
        won = f"🏆 {winners}" if winners else "a draw"
        title = games[table.game].title if table.game in games else table.game
        lines.append(f"**{title}** · <t:{int(table.finished_at.timestamp())}:R> · {won} · [board]({link})")
    embed.description = "\n".join(lines)[:4096]
    return embed
