"""/settings: a player's time zone, away hours and how they are told it is their turn, shown and changed in one
private reply (ephemeral in a server; in DMs with the bot, only they see it anyway); and /server-settings, a
server's defaults for its tables. A bad value gets a short reply and changes nothing."""

from __future__ import annotations

from datetime import datetime

import discord

from bot.discord_ui.options import CLOCK_NAMES, CLOCKS
from bot.discord_ui.wording import as_code
from bot.players import DM, MENTION, QUIET, PlayerSettings, ServerSettings, known_timezone, read_clock_time

NOTICE_WORDS = {DM: "a DM from me", MENTION: "a mention in the table's channel or thread", QUIET: "nothing"}
NO_AWAY_HOURS = ("none", "off", "no")


def changed_settings(
    current: PlayerSettings, timezone: str | None, away: str | None, notice: str | None
) -> PlayerSettings:
    """The settings with the given values changed (None: unchanged). ValueError, in words for the player, for a
    value the bot cannot use."""
    changed = current
    if timezone is not None:
        timezone = timezone.strip()
        if not known_timezone(timezone):
            raise ValueError(
                f"I do not know the time zone {as_code(timezone)}: pick one from the list, like Europe/Berlin."
            )
        changed = PlayerSettings(timezone, changed.away_from, changed.away_until, changed.notice)
    if away is not None:
        if away.strip().lower() in NO_AWAY_HOURS:
            away_from = away_until = None
        else:
            start, dash, end = away.partition("-")
            try:
                if not dash:
                    raise ValueError
                away_from, away_until = read_clock_time(start), read_clock_time(end)
            except ValueError:
                raise ValueError("Write away hours as two local times, like 23:00-08:00 (or none).") from None
            if away_from == away_until:
                raise ValueError("Away hours need different start and end times, like 23:00-08:00.")
        changed = PlayerSettings(changed.timezone, away_from, away_until, changed.notice)
    if notice is not None:
        if notice not in NOTICE_WORDS:
            raise ValueError("Choose how to be told it is your turn from the list.")
        changed = PlayerSettings(changed.timezone, changed.away_from, changed.away_until, notice)
    return changed


def settings_embed(settings: PlayerSettings, now: datetime) -> discord.Embed:
    local = now.astimezone(settings.zone)
    embed = discord.Embed(title="Your settings", colour=discord.Colour.blurple())
    embed.add_field(name="Time zone", value=f"{settings.timezone} (it is {local:%H:%M} there now)", inline=False)
    away = (
        f"{settings.away_from:%H:%M}-{settings.away_until:%H:%M} your time: I hold reminders back until they end, "
        "and turn clocks stop meanwhile."
        if settings.has_away_hours
        else "none"
    )
    embed.add_field(name="Away hours", value=away, inline=False)
    embed.add_field(name="When it is your turn", value=f"You get {NOTICE_WORDS[settings.notice]}.", inline=False)
    embed.set_footer(text="Change any of them with /settings timezone: away: turn_notice:")
    return embed


def changed_server_settings(
    current: ServerSettings, clock: str | None, threads: bool | None, role: int | None, no_role: bool
) -> ServerSettings:
    """The server's settings with the given values changed (None: unchanged; `no_role` clears the role)."""
    if clock is not None and clock not in CLOCKS:
        raise ValueError("Choose the clock from the list.")
    return ServerSettings(
        clock=current.clock if clock is None else clock,
        threads=current.threads if threads is None else threads,
        announce_role_id=None if no_role else (current.announce_role_id if role is None else role),
    )


def server_settings_embed(settings: ServerSettings) -> discord.Embed:
    embed = discord.Embed(title="This server's settings", colour=discord.Colour.blurple())
    embed.add_field(name="Default turn clock", value=CLOCK_NAMES[settings.clock], inline=False)
    where = "in a thread of their own" if settings.threads else "in the channel where /play is used"
    embed.add_field(name="New tables open", value=where + " (unless /play says otherwise)", inline=False)
    role = f"<@&{settings.announce_role_id}>" if settings.announce_role_id else "nobody"
    embed.add_field(name="Mentioned when a table opens", value=role, inline=False)
    embed.set_footer(text="Change them with /server-settings clock: threads: announce_role: (Manage Server only)")
    return embed
