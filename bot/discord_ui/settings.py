"""/settings: a player's time zone, away hours and how they are told it is their turn, shown and changed in one
private reply (ephemeral in a server; in DMs with the bot, only they see it anyway); and /server-settings, a
server's defaults for its tables. A bad value gets a short reply and changes nothing."""

from __future__ import annotations

import re
from datetime import datetime, time
from zoneinfo import ZoneInfo

import discord

from bot.discord_ui.limits import OPTION_LABEL, fit_text
from bot.discord_ui.options import CLOCK_NAMES, CLOCKS
from bot.discord_ui.wording import as_code
from bot.players import DM, MENTION, QUIET, PlayerSettings, ServerSettings, read_clock_time
from bot.seasons import MONTH, NO_SEASONS, QUARTER
from bot.time_zones import UTC_ZONE, Place, TimeZoneIndex, offset_words

NOTICE_WORDS = {DM: "a DM from me", MENTION: "a mention in the table's channel or thread", QUIET: "nothing"}
NO_AWAY_HOURS = ("none", "off", "no")
BETWEEN_TIMES = re.compile(r"\s*(?:-|–|—|\bto\b)\s*")
"""What stands between the two times of away hours: "23:00-07:00", "9 am - 5 pm", "11pm to 7am"."""


def changed_settings(
    current: PlayerSettings,
    timezone: str | None,
    away: str | None,
    notice: str | None,
    time_zones: TimeZoneIndex,
    now: datetime,
) -> PlayerSettings:
    """The settings with the given values changed (None: unchanged). ValueError, in words for the player, for a
    value the bot cannot use. A time zone is a zone's name in any case, or a legacy alias, stored as the zone it
    stands for; anything else is refused with the zone the search would offer first for it."""
    changed = current
    if timezone is not None:
        zone = time_zones.canonical(timezone)
        if zone is None:
            raise ValueError(_unknown_time_zone(timezone, time_zones, now))
        changed = PlayerSettings(zone, changed.away_from, changed.away_until, changed.notice)
    if away is not None:
        if away.strip().lower() in NO_AWAY_HOURS:
            away_from = away_until = None
        else:
            away_from, away_until = _away_hours(away)
        changed = PlayerSettings(changed.timezone, away_from, away_until, changed.notice)
    if notice is not None:
        if notice not in NOTICE_WORDS:
            raise ValueError("Choose how to be told it is your turn from the list.")
        changed = PlayerSettings(changed.timezone, changed.away_from, changed.away_until, notice)
    return changed


def _away_hours(text: str) -> tuple[time, time]:
    times = BETWEEN_TIMES.split(text.strip().lower())
    if len(times) != 2:
        raise ValueError("Write away hours as two local times, like 23:00-07:00 or 11pm-7am (or none).")
    read = []
    for written in times:
        try:
            read.append(read_clock_time(written))
        except ValueError:
            raise ValueError(
                f"I cannot read {as_code(written)} as a time of day: write it like 23:00, 7:30 or 11pm "
                "(24:00 for the midnight that ends a day)."
            ) from None
    if read[0] == read[1]:
        raise ValueError("Away hours need different start and end times, like 23:00-07:00.")
    return read[0], read[1]


def _unknown_time_zone(typed: str, time_zones: TimeZoneIndex, now: datetime) -> str:
    refusal = f"I do not know the time zone {as_code(typed)}: pick one from the list as you type"
    best = time_zones.search(typed, now)
    if not best:
        return refusal + ", like Europe/Berlin."
    return f"{refusal}. The first there is {time_zone_label(best[0], now)}."


def time_zone_label(place: Place, now: datetime) -> str:
    """A suggestion as a person recognises it: "Munich, Germany — Europe/Berlin (UTC+1 now)"."""
    offset = offset_words(ZoneInfo(place.zone).utcoffset(now))
    if place.zone == UTC_ZONE:
        return "UTC — Coordinated Universal Time, the same all year"
    if place.name is None:
        return f"{offset} all year, no daylight saving — {place.zone}"
    return fit_text(f"{place.name} — {place.zone} ({offset} now)", OPTION_LABEL)


def _clock(at: time, *, ends: bool = False) -> str:
    """A local time as shown; the midnight that ends away hours shows as 24:00."""
    return "24:00" if ends and at == time(0) else f"{at:%H:%M}"


def settings_embed(settings: PlayerSettings, now: datetime) -> discord.Embed:
    local = now.astimezone(settings.zone)
    embed = discord.Embed(title="Your settings", colour=discord.Colour.blurple())
    offset = offset_words(local.utcoffset())
    offset = "" if offset == settings.timezone else f", {offset}"  # not "UTC (..., UTC)"
    zone = f"{settings.timezone} (it is {local:%H:%M} there now{offset})"
    embed.add_field(name="Time zone", value=zone, inline=False)
    away = (
        f"{_clock(settings.away_from)}-{_clock(settings.away_until, ends=True)} your time: I hold reminders back "
        "until they end, and turn clocks stop meanwhile."
        if settings.has_away_hours
        else "none"
    )
    embed.add_field(name="Away hours", value=away, inline=False)
    embed.add_field(name="When it is your turn", value=f"You get {NOTICE_WORDS[settings.notice]}.", inline=False)
    embed.set_footer(text="Change any of them with /settings timezone: away: turn_notice:")
    return embed


SEASON_WORDS = {
    MONTH: "a calendar month (UTC)",
    QUARTER: "a quarter of the year: January-March, April-June, July-September, October-December (UTC)",
    NO_SEASONS: "none: one endless leaderboard per game",
}


def changed_server_settings(
    current: ServerSettings,
    clock: str | None,
    threads: bool | None,
    role: int | None,
    no_role: bool,
    season: str | None = None,
    season_channel: int | None = None,
    here: int | None = None,
) -> ServerSettings:
    """The server's settings with the given values changed (None: unchanged; `no_role` clears the role). Seasons
    turned on with no channel for their standings chosen, now or before, post them `here`, where the command was
    used."""
    if clock is not None and clock not in CLOCKS:
        raise ValueError("Choose the clock from the list.")
    if season is not None and season not in SEASON_WORDS:
        raise ValueError("Choose the season length from the list: month, quarter or none.")
    season = current.season if season is None else season
    channel = season_channel or current.season_channel_id
    if channel is None and season != NO_SEASONS:
        channel = here
    return ServerSettings(
        clock=current.clock if clock is None else clock,
        threads=current.threads if threads is None else threads,
        announce_role_id=None if no_role else (current.announce_role_id if role is None else role),
        season=season,
        season_channel_id=channel,
    )


def server_settings_embed(settings: ServerSettings) -> discord.Embed:
    embed = discord.Embed(title="This server's settings", colour=discord.Colour.blurple())
    embed.add_field(name="Default turn clock", value=CLOCK_NAMES[settings.clock], inline=False)
    where = "in a thread of their own" if settings.threads else "in the channel where /play is used"
    embed.add_field(name="New tables open", value=where + " (unless /play says otherwise)", inline=False)
    role = f"<@&{settings.announce_role_id}>" if settings.announce_role_id else "nobody"
    embed.add_field(name="Mentioned when a table opens", value=role, inline=False)
    seasons = SEASON_WORDS[settings.season]
    if settings.season != NO_SEASONS:
        where = f"<#{settings.season_channel_id}>" if settings.season_channel_id else "nowhere"
        seasons += f"; each season's final standings are posted in {where}"
    embed.add_field(name="Seasons", value=seasons, inline=False)
    embed.set_footer(
        text="Change them with /server-settings clock: threads: announce_role: season: season_channel: "
        "(Manage Server only)"
    )
    return embed
