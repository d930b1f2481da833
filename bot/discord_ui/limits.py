"""Discord's limits on what a bot sends, and the one place that makes every message fit them.

Discord refuses a whole message (400, code 50035) when any part is too long, and a refused board edit or vote
call can leave a table that nobody can move. So every message the bot builds passes through `fit_message`
before it is sent (a private panel, sent many times, has its embed fitted once when it is built and its text at each
message: bot/discord_ui/panels.py): text is cut (with "…") rather than refused. Players' text is already cut
short where it is repeated (bot/discord_ui/wording.py); this is the net under everything else.
"""

from __future__ import annotations

from typing import Any

import discord

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_TOTAL = 6000
"""All of one embed's title, description, field names and values and footer together."""
UPLOAD = 8_000_000
"""The largest file a bot may attach in a server without boosts (8 MB)."""
BUTTON_LABEL = 80
THREAD_NAME = 100
"""Discord's limit on a channel's (and a thread's) name."""
SELECT_OPTIONS = 25
OPTION_LABEL = 100
ELLIPSIS = "…"


def fit_text(text: str, limit: int) -> str:
    """`text`, cut to at most `limit` characters with an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def fit_lines(lines: list[str], limit: int) -> str:
    """As many whole lines as fit in `limit` characters, and "…" on a line of its own when some did not: a line
    cut in the middle could end inside a mention."""
    kept: list[str] = []
    for index, line in enumerate(lines):
        room = limit - len(ELLIPSIS) - 1 if index < len(lines) - 1 else limit
        if len("\n".join([*kept, line])) > room:
            return "\n".join([*kept, ELLIPSIS]) if kept else fit_text(line, limit)
        kept.append(line)
    return "\n".join(kept)


def _fits(embed: discord.Embed) -> bool:
    """Whether Discord takes the embed as it is. Nearly every embed does, and this check costs a fifth of
    rebuilding one (every panel and board passes through here)."""
    fields = embed.fields
    return (
        len(embed.title or "") <= EMBED_TITLE
        and len(embed.description or "") <= EMBED_DESCRIPTION
        and len(embed.footer.text or "") <= EMBED_FOOTER
        and len(fields) <= EMBED_FIELDS
        and all(
            0 < len(field.name or "") <= FIELD_NAME and 0 < len(field.value or "") <= FIELD_VALUE for field in fields
        )
        and len(embed) <= EMBED_TOTAL
    )


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """The embed with every part, and all of them together, within Discord's limits (changed in place)."""
    if _fits(embed):
        return embed
    if embed.title:
        embed.title = fit_text(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = fit_text(embed.description, EMBED_DESCRIPTION)
    fields = embed.fields[:EMBED_FIELDS]
    embed.clear_fields()
    for field in fields:
        embed.add_field(
            name=fit_text(field.name or "\u200b", FIELD_NAME),
            value=fit_text(field.value or "\u200b", FIELD_VALUE),
            inline=field.inline,
        )
    if embed.footer.text:
        embed.set_footer(text=fit_text(embed.footer.text, EMBED_FOOTER), icon_url=embed.footer.icon_url)
    excess = len(embed) - EMBED_TOTAL
    if excess > 0 and embed.description:
        # The description is the board's free text; the fields hold the table, which matters more.
        embed.description = fit_text(embed.description, max(1, len(embed.description) - excess))
    while len(embed) > EMBED_TOTAL and embed.fields:
        longest = max(range(len(embed.fields)), key=lambda index: len(embed.fields[index].value or ""))
        field = embed.fields[longest]
        keep = max(1, len(field.value) - (len(embed) - EMBED_TOTAL))
        embed.set_field_at(longest, name=field.name, value=fit_text(field.value, keep), inline=field.inline)
        if keep == 1 and len(embed) > EMBED_TOTAL:
            embed.remove_field(longest)
    return embed


def fit_message(message: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of a send or edit (content, embed, embeds, view), made to fit."""
    if message.get("content"):
        message["content"] = fit_text(message["content"], CONTENT)
    if message.get("embed") is not None:
        fit_embed(message["embed"])
    for embed in message.get("embeds") or ():
        fit_embed(embed)
    return message
