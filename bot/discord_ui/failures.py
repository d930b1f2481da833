"""Every interaction gets an answer: the one place where a failed slash command, click, menu choice or box becomes
the private reply its user reads, and a failed autocomplete becomes no suggestions.

A refusal (`Refusal`) is answered with its reason, and a database held by another program with a request to try
again. Anything unexpected is logged once, with its traceback and a short error id, and the user is told that id,
so what they report can be found in the log. The entry points that lead here: `AnsweringTree.on_error` (slash
commands), the table controller's `interaction_arrived` (buttons, menus and boxes, routed by custom_id) and
`autocomplete_or_nothing` (autocomplete, which discord.py's tree logs and never answers).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.discord_ui.league_wording import league_refusal_text
from bot.discord_ui.limits import CONTENT, fit_text
from bot.discord_ui.wording import refusal_text
from bot.matches import Refusal, StorageBusy
from bot.matches.leagues import LeagueRefusal

log = logging.getLogger(__name__)

STORAGE_BUSY = "I couldn't save that: my database is busy with another program. Nothing changed; try again shortly."
FAILED = (
    "Something went wrong on my side (error id `{error_id}`); nothing was changed. Try again, and if it keeps "
    "happening, tell whoever runs this bot that id."
)
DEFER_AFTER_SECONDS = 1.0
"""How long an answer may be worked on before the interaction is deferred ("thinking"): Discord waits 3 s for the
first answer, and a busy bot needs some of them to send it."""
Cog = TypeVar("Cog")
T = TypeVar("T")


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was already answered."""
    text = fit_text(text, CONTENT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def answered_in_time(interaction: discord.Interaction, work: Awaitable[T]) -> T:
    """What `work` gives, for an answer to `interaction`; should it take long (a hard computer's hint, the time zones
    just after a start), the interaction is deferred privately meanwhile, so that Discord does not give up on it."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_SECONDS)
    if not done and not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    return await task


def logged_failure(error: BaseException, interaction: discord.Interaction) -> str:
    """Log an unexpected failure once, with its traceback, under a new short id; the id."""
    error_id = secrets.token_hex(4)
    log.error("%s failed (error id %s)", _described(interaction), error_id, exc_info=error)
    return error_id


async def answer_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user why their interaction did nothing: privately, in a follow-up if it was already answered."""
    if isinstance(error, LeagueRefusal):
        text = league_refusal_text(error)
    elif isinstance(error, Refusal):
        text = refusal_text(error)
    elif isinstance(error, StorageBusy):
        log.warning("the database was locked by another program; %s was not applied", _described(interaction))
        text = STORAGE_BUSY
    else:
        text = FAILED.format(error_id=logged_failure(error, interaction))
    try:
        await reply_privately(interaction, text)
    except discord.HTTPException as reply_error:
        log.warning("could not answer %s: %s", _described(interaction), reply_error)


class AnsweringTree(app_commands.CommandTree):
    """The slash-command tree: a command that fails, or that a check stops, still answers its user."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        if isinstance(error, app_commands.CheckFailure):
            # discord.py words these for the user ("You are missing Manage Server permission(s)...").
            await reply_privately(interaction, str(error))
            return
        if isinstance(error, app_commands.CommandInvokeError):
            await answer_failure(interaction, error.original)
        else:
            await answer_failure(interaction, error)


def autocomplete_or_nothing(
    suggest: Callable[[Cog, discord.Interaction, str], Awaitable[list[app_commands.Choice[Any]]]],
) -> Callable[[Cog, discord.Interaction, str], Awaitable[list[app_commands.Choice[Any]]]]:
    """A cog's autocomplete callback that offers no suggestions, rather than none at all, when it fails (and logs
    why): discord.py's tree would only log it, and Discord would show the user an error."""

    @functools.wraps(suggest)
    async def guarded(cog: Cog, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[Any]]:
        try:
            return await suggest(cog, interaction, current)
        except Exception as error:
            logged_failure(error, interaction)
            return []

    return guarded


def _described(interaction: discord.Interaction) -> str:
    """What the user did, for the log: "/settings", "autocomplete of /play", "the control anth:act:…"."""
    command = interaction.command
    if command is not None:
        name = f"/{command.qualified_name}"
        return f"autocomplete of {name}" if interaction.type is discord.InteractionType.autocomplete else name
    custom_id = (interaction.data or {}).get("custom_id")
    return f"the control {custom_id!r}" if custom_id else f"interaction {interaction.id}"
