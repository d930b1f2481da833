"""FakeDiscord: the fake server object a test builds a world in, starts, points discord.py at, and inspects.

It owns the world (users, guilds, channels, messages, commands, interactions), an aiohttp app serving the REST
API under ``/api/v10`` and the gateway under ``/gateway``, the REST call counters and the fault injectors.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import discord.gateway
import discord.http
import yarl
from aiohttp import web

from .contract import Violation, discord_contract, pending_violations
from .errors import MISSING_ACCESS, MISSING_PERMISSIONS, ApiError, ScriptError, unknown
from .gateway import Gateway, Intents, Session, strip_content
from .messages import EPHEMERAL, IS_COMPONENTS_V2, LOADING, SUPPRESS_NOTIFICATIONS, FakeMessage, FakeModal
from .perms import DEFAULT_BOT, DEFAULT_EVERYONE, Perm
from .rest import CallRecord, Fault, RestApi
from .snowflake import SnowflakeGenerator
from .users import InteractionHandle, ScriptedUser
from .validation import OverLimits, is_empty_message, validate_message, validate_modal
from .world import DM, PUBLIC_THREAD, FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser

_USER_MENTION = re.compile(r"<@!?(\d+)>")
LATE_EDITS_PER_HOUR = 3
"""Edits Discord takes in an hour to a message older than an hour (it does not publish the number; a few)."""
_ROLE_MENTION = re.compile(r"<@&(\d+)>")

# Message types
DEFAULT, THREAD_CREATED, REPLY, CHAT_INPUT_COMMAND = 0, 18, 19, 20


class FakeDiscord:
    """A Discord server for one test. See the package docstring for a walkthrough."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "TestBot",
        message_content_allowed: bool = True,
        members_intent_allowed: bool = True,
        presences_intent_allowed: bool = True,
        interaction_deadline: float = 3.0,
        heartbeat_interval: float = 41.25,
        all_members_in_guild_create: bool = True,
        recommended_shards: int = 1,
        checks_contract: bool = True,
    ) -> None:
        self.snowflakes = SnowflakeGenerator()
        self.token = token
        self.bot_user = FakeUser(self.snowflakes.next(), bot_name, bot=True)
        self.application_id = self.bot_user.id  # as on Discord for bots made since 2019
        self.message_content_allowed = message_content_allowed
        self.members_intent_allowed = members_intent_allowed
        self.presences_intent_allowed = presences_intent_allowed
        self.interaction_deadline = interaction_deadline
        self.heartbeat_interval = heartbeat_interval
        # False is what Discord does without the presences intent (only the bot in GUILD_CREATE, then
        # chunking).
        self.all_members_in_guild_create = all_members_in_guild_create
        self.recommended_shards = recommended_shards
        self.checks_contract = checks_contract
        """Whether request bodies are checked against Discord's description: always in tests; a benchmark that
        measures the bot, with the fake on the other core, leaves the fake's checking out of its figures."""
        """The shard count GET /gateway/bot recommends (what an AutoShardedClient with no shard_count runs)."""

        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.app_owner: FakeUser | None = None  # the application's owner; default: the first guild's owner
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.interactions: dict[int, InteractionHandle] = {}
        self._interactions_by_token: dict[str, InteractionHandle] = {}

        self.calls: Counter[str] = Counter()
        self.call_log: list[CallRecord] = []
        self.unimplemented: list[str] = []
        self.late_interactions: list[InteractionHandle] = []
        self.server_errors: list[str] = []
        self.contract_violations: list[Violation] = []
        """Every way a body the bot sent broke Discord's contract (each was answered 400 50035)."""
        self.invalid_bodies_expected = False
        """True (see :meth:`expect_invalid_bodies`): violations are answered and kept here, but fail no test."""
        self.faults: list[Fault] = []
        self.nonces: dict[tuple[int, str], FakeMessage] = {}
        """(channel id, nonce) -> the message a send with enforce_nonce made."""
        self.message_watchers: list[Callable[[FakeMessage], None]] = []
        """Called with every message as it is made, before its MESSAGE_CREATE (bench/load_bench.py waits on DMs)."""

        self.gateway = Gateway(self)
        self._clock_offset = 0.0
        self._watched: list[asyncio.Task[Any]] = []
        self._background: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

        self.rest = RestApi(self)

    # ================================================================== world building
    def create_user(self, name: str, *, global_name: str | None = None) -> ScriptedUser:
        """A scripted Discord user (not yet in any guild: see ``guild.add_member``)."""
        user = ScriptedUser(self.snowflakes.next(), name, global_name=global_name, fake=self)
        self.users[user.id] = user
        return user

    def create_guild(
        self,
        name: str = "Test Guild",
        *,
        owner: FakeUser | None = None,
        everyone_permissions: int = DEFAULT_EVERYONE,
        bot_permissions: int = DEFAULT_BOT,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """A guild the bot is in, with @everyone and the bot's managed role. The owner defaults to a member
        "<guild name> owner" (owners bypass permissions, so scripted players should be other members).
        ``shard=(shard_id, shard_count)`` gives it an id that shard hears."""
        guild_id = self.snowflakes.next() if shard is None else self.snowflakes.on_shard(*shard)
        guild = FakeGuild(guild_id, name, self)
        guild._setup(everyone_permissions, bot_permissions)
        self.guilds[guild.id] = guild
        if owner is None:
            owner = self.create_user(f"{name} owner")
        guild.owner_id = owner.id
        guild.members[owner.id] = FakeMember(owner, guild)
        return guild

    def _register_channel(self, channel: FakeChannel, *, created: bool) -> None:
        self.channels[channel.id] = channel
        if created and channel.guild is not None:
            self._notify("CHANNEL_CREATE", channel.to_payload(), Intents.GUILDS)

    def _channel_changed(self, channel: FakeChannel) -> None:
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self._notify(event, channel.to_payload(), Intents.GUILDS)

    def _role_changed(self, guild: FakeGuild, role: FakeRole, *, created: bool = False) -> None:
        event = "GUILD_ROLE_CREATE" if created else "GUILD_ROLE_UPDATE"
        self._notify(event, {"guild_id": str(guild.id), "role": role.to_payload()}, Intents.GUILDS)

    def _member_changed(self, guild: FakeGuild, member: FakeMember) -> None:
        payload = {**member.to_payload(), "guild_id": str(guild.id)}
        self._notify("GUILD_MEMBER_UPDATE", payload, Intents.GUILD_MEMBERS)

    def _member_added(self, guild: FakeGuild, member: FakeMember) -> None:
        self._notify("GUILD_MEMBER_ADD", {**member.to_payload(), "guild_id": str(guild.id)}, Intents.GUILD_MEMBERS)

    def _notify(self, event: str, payload: dict[str, Any], intent: int | None) -> None:
        """Tell a connected bot about a world change made by synchronous test code."""
        self.gateway.enqueue(event, payload, intent)

    def allowed_intents_mask(self) -> int:
        mask = ~0
        if not self.message_content_allowed:
            mask &= ~Intents.MESSAGE_CONTENT
        if not self.members_intent_allowed:
            mask &= ~Intents.GUILD_MEMBERS
        if not self.presences_intent_allowed:
            mask &= ~Intents.GUILD_PRESENCES
        return mask

    # ================================================================== lifecycle
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self.gateway.handle)
        app.router.add_route("GET", "/gateway-resume", self.gateway.handle)
        app.router.add_route("GET", "/attachments/{channel_id}/{attachment_id}/{filename}", self.rest.attachment)
        app.router.add_route("*", "/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        await self.gateway.close_all()
        for task in list(self._background):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def url(self) -> str:
        if self.port is None:
            raise RuntimeError("FakeDiscord is not started")
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway-resume"

    @contextlib.contextmanager
    def redirect(self) -> Iterator[FakeDiscord]:
        """Point discord.py's REST and gateway at this fake for the duration of the block."""
        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield self
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    # ================================================================== time and waiting
    def clock(self) -> float:
        """Monotonic seconds as the fake sees them (shifted by :meth:`advance_clock`)."""
        return time.monotonic() + self._clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Make the fake believe ``seconds`` passed (e.g. past the interaction deadline) without sleeping."""
        self._clock_offset += seconds

    def watch(self, task: asyncio.Task[Any]) -> None:
        """Waits fail at once, with its exception, if this task (the bot) dies."""
        self._watched.append(task)

    def _check_watched(self) -> None:
        for task in self._watched:
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise AssertionError(f"watched task {task.get_name()} died") from task.exception()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0, what: str | None = None) -> Any:
        """Poll ``predicate`` until it returns something truthy (returned); TimeoutError after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            result = predicate()
            if result:
                return result
            self._check_watched()
            if self.server_errors:
                raise AssertionError(f"fakediscord internal error: {self.server_errors[0]}")
            if time.monotonic() >= deadline:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what or predicate}")
            await asyncio.sleep(0.005)

    async def wait_until_ready(self, bot: discord.Client, timeout: float = 10.0) -> None:
        """Wait for the bot's ``ready`` (all GUILD_CREATEs processed); fails fast if bot.start() raised."""
        ready = asyncio.ensure_future(bot.wait_until_ready())
        try:
            await self.wait_for(lambda: ready.done(), timeout, "the bot to become ready")
        finally:
            ready.cancel()

    # ================================================================== faults
    def inject(
        self,
        method: str,
        route: str,
        status: int = 429,
        times: int = 1,
        retry_after: float = 0.2,
        global_: bool = False,
        *,
        code: int = 0,
        message: str | None = None,
        delay: float = 0.0,
        after: bool = False,
    ) -> Fault:
        """Answer the next ``times`` requests matching ``method`` ("*" for any) and ``route`` with ``status``.

        ``delay`` holds each matching request that many seconds first; with ``status=0`` it is then handled
        as usual (a slow Discord). ``after=True`` handles the request and answers ``status`` all the same, as
        when Discord did what was asked but its answer never arrived.

        ``route`` is a template as in ``fake.calls`` ("/channels/{channel_id}/messages/{message_id}"), a
        concrete path, or a glob over the concrete path ("/interactions/*/callback"). 429s carry the JSON body
        (retry_after, global) and a Via header so discord.py retries after ``retry_after``.
        """
        fault = Fault(method.upper(), route, status, times, retry_after, global_, code, message, delay, after)
        self.faults.append(fault)
        return fault

    def close_dms(self, user: FakeUser) -> None:
        """The user blocks DMs from the bot: POST to their DM channel answers 403 code 50007."""
        user.dms_closed = True

    async def drop_gateway(self, code: int = 4000, *, hold: bool = False) -> None:
        """Close the bot's gateway connection (4000: it RESUMEs). ``hold=True`` keeps it offline until
        :meth:`release_gateway`, so the test can make events happen during the drop."""
        await self.gateway.drop(code, hold=hold)

    def hold_gateway(self) -> None:
        self.gateway.hold()

    def release_gateway(self) -> None:
        self.gateway.release()

    async def send_reconnect(self) -> None:
        await self.gateway.send_reconnect()

    async def invalidate_session(self, resumable: bool = False) -> None:
        await self.gateway.invalidate_session(resumable)

    def close_next_identify(self, code: int) -> None:
        self.gateway.close_next_identify(code)

    # ================================================================== Discord's contract
    def check_contract(self, method: str, path: str, body: Any) -> tuple[str | None, list[Violation]]:
        """The operation id a request matches, and how its body breaks Discord's contract (kept, to fail the test)."""
        if not self.checks_contract:
            return None, []
        operation, violations = discord_contract().check(method, path, body)
        self.keep_violations(violations)
        return operation, violations

    def keep_violations(self, violations: list[Violation]) -> None:
        """Keep bodies Discord refuses (by its description or by a limit it documents elsewhere) for the teardown."""
        self.contract_violations += violations
        if not self.invalid_bodies_expected:
            pending_violations.extend(violations)

    def expect_invalid_bodies(self) -> None:
        """For a test that makes its bot send bodies Discord refuses on purpose: they are still answered 400 50035
        and kept in ``contract_violations``, but do not fail the test."""
        self.invalid_bodies_expected = True

    # ================================================================== call counting
    def reset_calls(self) -> None:
        self.calls.clear()
        self.call_log.clear()

    def mark(self) -> int:
        """A position in the call log, for :meth:`calls_since`."""
        return len(self.call_log)

    def calls_since(self, mark: int) -> Counter[str]:
        """REST calls per route made after ``mark`` (the cost of one user action)."""
        return Counter(record.route for record in self.call_log[mark:])

    def counted_calls_since(self, mark: int) -> Counter[str]:
        """The calls of :meth:`calls_since` that Discord counts against a bot's global limit (about 50 a second)."""
        return Counter(record.route for record in self.call_log[mark:] if counts_against_global_limit(record.route))

    # ================================================================== problems
    def problems(self, *, late_ok: bool = False) -> list[str]:
        found = [f"unimplemented route: {r}" for r in self.unimplemented]
        found += [f"fake server error: {e}" for e in self.server_errors]
        found += [f"gateway protocol error: {e}" for e in self.gateway.protocol_errors]
        if not late_ok:
            found += [f"late interaction callback: {h!r}" for h in self.late_interactions]
        return found

    def assert_clean(self, *, late_ok: bool = False) -> None:
        """Fail if the bot used an unimplemented route, the fake broke, or a callback came late."""
        problems = self.problems(late_ok=late_ok)
        assert not problems, "\n".join(problems)

    # ================================================================== reading state
    def get_channel(self, channel_id: int) -> FakeChannel:
        try:
            return self.channels[int(channel_id)]
        except KeyError:
            raise unknown("Channel") from None

    def get_message(self, message_id: int) -> FakeMessage:
        return self.messages[int(message_id)]

    def channel_messages(self, channel: FakeChannel | int, *, include_system: bool = False) -> list[FakeMessage]:
        """Current messages of a channel in id (creation) order: edits applied, deleted/ephemeral left out."""
        channel_id = channel if isinstance(channel, int) else channel.id
        found = [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and not m.deleted
            and m.ephemeral_to is None
            and (include_system or m.type in (DEFAULT, REPLY, CHAT_INPUT_COMMAND))
        ]
        return sorted(found, key=lambda m: m.id)

    def bot_messages(self, channel: FakeChannel | int) -> list[FakeMessage]:
        return [m for m in self.channel_messages(channel) if m.author is self.bot_user]

    def threads(self, parent: FakeChannel | None = None) -> list[FakeChannel]:
        found = [c for c in self.channels.values() if c.is_thread and (parent is None or c.parent_id == parent.id)]
        return sorted(found, key=lambda c: c.id)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between ``user`` and the bot (made on first use, as Discord does)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.snowflakes.next(), DM, None, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def find_command(self, name: str, guild: FakeGuild | None, kind: int = 1) -> dict[str, Any]:
        key = f"{kind}:{name}"
        if guild is not None and key in self.guild_commands.get(guild.id, {}):
            return self.guild_commands[guild.id][key]
        if key in self.global_commands:
            return self.global_commands[key]
        known = sorted(k.split(":", 1)[1] for k in self.global_commands)
        if guild is not None:
            known += sorted(k.split(":", 1)[1] for k in self.guild_commands.get(guild.id, {}))
        raise ScriptError(f"no synced command {name!r} (synced: {known}); did the bot call tree.sync()?")

    # ================================================================== payloads
    def user_payload(self, user: FakeUser) -> dict[str, Any]:
        return user.to_payload()

    def member_of(self, guild: FakeGuild | None, user: FakeUser) -> FakeMember | None:
        return guild.members.get(user.id) if guild is not None else None

    def visible_content(self, msg: FakeMessage) -> bool:
        """Whether the bot may read this message's content (Discord's Message Content intent rules)."""
        channel = self.channels.get(msg.channel_id)
        return (
            (channel is not None and channel.is_dm) or msg.author is self.bot_user or self.bot_user.id in msg.mentions
        )

    def rest_message_payload(self, msg: FakeMessage) -> dict[str, Any]:
        """A message as REST returns it to the bot: content emptied when the app lacks the intent."""
        payload = self.message_payload(msg)
        if not self.message_content_allowed and not self.visible_content(msg):
            payload = strip_content(payload)
        return payload

    def message_payload(self, msg: FakeMessage) -> dict[str, Any]:
        guild = self.guilds.get(msg.guild_id) if msg.guild_id else None
        member = self.member_of(guild, msg.author)
        thread = self.channels.get(msg.thread_id) if msg.thread_id else None
        payload = msg.to_payload(
            author_payload=msg.author.to_payload(),
            member=member.to_payload(with_user=False) if member and msg.webhook_id is None else None,
            bot_id=self.bot_user.id,
            thread=thread.to_payload() if thread is not None else None,
        )
        mentions = []
        for user_id in msg.mentions:
            user = self.users.get(user_id)
            if user is None:
                continue
            entry = user.to_payload()
            m = self.member_of(guild, user)
            if m is not None:
                entry["member"] = m.to_payload(with_user=False)
            mentions.append(entry)
        payload["mentions"] = mentions
        if msg.message_reference and msg.type == REPLY:
            ref = self.messages.get(int(msg.message_reference.get("message_id", 0)))
            if ref is not None and not ref.deleted:
                payload["referenced_message"] = self.message_payload(ref)
        if msg.guild_id is None:
            payload["channel_type"] = DM
        return payload

    def _ready_payload(self, session: Session) -> dict[str, Any]:
        user = self.bot_user.to_payload() | {
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "email": None,
        }
        payload: dict[str, Any] = {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.guilds.values() if session.hears(g.id)],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_gateway_url,
            "application": {"id": str(self.application_id), "flags": self._application_flags()},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth_session_id_hash": "fakediscord",
            "_trace": ["fakediscord"],
        }
        if session.shard is not None:
            payload["shard"] = session.shard
        return payload

    def _application_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        if self.presences_intent_allowed:
            flags |= 1 << 13
        if self.members_intent_allowed:
            flags |= 1 << 15
        if self.message_content_allowed:
            flags |= 1 << 19
        return flags

    def _guild_create_payloads(self, session: Session) -> list[dict[str, Any]]:
        payloads = []
        for guild in self.guilds.values():
            if not session.hears(guild.id):
                continue
            if self.all_members_in_guild_create or session.has(Intents.GUILD_PRESENCES):
                members = list(guild.members.values())
                count = len(members)
            else:
                members = [guild.bot_member]
                count = len(guild.members)
            payloads.append(guild.create_payload(members=members, member_count=count))
        return payloads

    # ================================================================== permission checks
    def bot_permissions(self, channel: FakeChannel) -> int:
        return channel.permissions_for(self.bot_user)

    def require(self, channel: FakeChannel, perms: int, user: FakeUser | None = None) -> None:
        """Raise 403 like Discord when ``user`` (the bot by default) lacks ``perms`` in ``channel``."""
        if channel.is_dm:
            return
        have = channel.permissions_for(user or self.bot_user)
        if not have & Perm.VIEW_CHANNEL:
            raise ApiError(*MISSING_ACCESS)
        if have & perms != perms:
            raise ApiError(*MISSING_PERMISSIONS)

    # ================================================================== messages
    async def create_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        *,
        content: str = "",
        embeds: list[dict[str, Any]] | None = None,
        components: list[dict[str, Any]] | None = None,
        flags: int = 0,
        type_: int = DEFAULT,
        attachments: list[dict[str, Any]] | None = None,
        files: dict[str, bytes] | None = None,
        message_reference: dict[str, Any] | None = None,
        interaction: InteractionHandle | None = None,
        ephemeral_to: int | None = None,
        snowflake: int | None = None,
        deliver: bool = True,
        nonce: str | int | None = None,
        allowed_mentions: dict[str, Any] | None = None,
    ) -> FakeMessage:
        msg = FakeMessage(
            id=snowflake or self.snowflakes.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            content=content or "",
            embeds=list(embeds or []),
            components=list(components or []),
            flags=flags,
            type=type_,
            attachments=list(attachments or []),
            files=dict(files or {}),
            message_reference=message_reference,
            ephemeral_to=ephemeral_to,
            nonce=nonce,
        )
        msg.mentions = [int(u) for u in _USER_MENTION.findall(msg.content) if int(u) in self.users]
        msg.pinged = pinged_users(msg.mentions, allowed_mentions)
        if channel.guild is not None:
            msg.mention_roles = [int(r) for r in _ROLE_MENTION.findall(msg.content) if int(r) in channel.guild.roles]
        if interaction is not None:
            msg.webhook_id = self.application_id
            msg.application_id = self.application_id
            msg.interaction_metadata = interaction.metadata()
        self.messages[msg.id] = msg
        for watcher in self.message_watchers:
            watcher(msg)
        if ephemeral_to is None:
            channel.last_message_id = max(channel.last_message_id or 0, msg.id)
            if channel.is_thread:
                channel.message_count += 1
        if deliver:
            await self.deliver(msg)
        return msg

    async def deliver(self, msg: FakeMessage) -> None:
        """Dispatch MESSAGE_CREATE for ``msg`` (e.g. one made with ``deliver=False``)."""
        await self._dispatch_message("MESSAGE_CREATE", msg)

    async def _dispatch_message(self, event: str, msg: FakeMessage) -> None:
        if msg.ephemeral_to is not None:
            return  # ephemeral messages are never dispatched
        channel = self.channels[msg.channel_id]
        if channel.is_dm:
            intent = Intents.DIRECT_MESSAGES
        else:
            if not self.bot_permissions(channel) & Perm.VIEW_CHANNEL:
                return
            intent = Intents.GUILD_MESSAGES
        # Discord keeps content for the bot's own messages, DMs and messages that mention the bot.
        hidden = not self.visible_content(msg)
        await self.gateway.dispatch(event, self.message_payload(msg), intent=intent, redact=hidden)

    async def edit_message(
        self,
        msg: FakeMessage,
        body: dict[str, Any],
        new_attachments: list[dict[str, Any]],
        files: dict[str, bytes],
    ) -> FakeMessage:
        errors = validate_message({**msg.snapshot(), **body}, edit=True)
        if errors:
            raise OverLimits(errors)
        self._count_late_edit(msg)
        msg.versions.append(msg.snapshot())
        if "content" in body:
            msg.content = body["content"] or ""
            msg.mentions = [int(u) for u in _USER_MENTION.findall(msg.content) if int(u) in self.users]
        if "embeds" in body:
            msg.embeds = list(body["embeds"] or [])
        if "components" in body:
            msg.components = list(body["components"] or [])
        if body.get("flags") is not None:
            # Only these bits can change on edit; ephemeral and loading are Discord's to set.
            changeable = IS_COMPONENTS_V2 | (1 << 2) | SUPPRESS_NOTIFICATIONS
            msg.flags = (msg.flags & ~changeable) | (int(body["flags"]) & changeable)
        if "attachments" in body:
            keep = {str(a.get("id")) for a in body["attachments"] or []}
            msg.attachments = [a for a in msg.attachments if str(a["id"]) in keep]
        msg.attachments += new_attachments
        msg.files.update(files)
        msg.flags &= ~LOADING
        msg.edited_at = dt.datetime.now(dt.UTC)
        await self._dispatch_message("MESSAGE_UPDATE", msg)
        return msg

    def wall_clock(self) -> dt.datetime:
        """Now, as the fake's messages age: the real time shifted by :meth:`advance_clock`."""
        return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=self._clock_offset)

    def _count_late_edit(self, msg: FakeMessage) -> None:
        """Discord allows only a few edits an hour to a message older than an hour, then answers 30046."""
        if self.wall_clock() - msg.created_at < dt.timedelta(hours=1):
            return
        now = self.clock()
        msg.late_edits = [moment for moment in msg.late_edits if now - moment < 3600]
        if len(msg.late_edits) >= LATE_EDITS_PER_HOUR:
            raise ApiError(
                400, 30046, "Maximum number of edits to messages older than 1 hour reached. Try again later."
            )
        msg.late_edits.append(now)

    async def delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        if msg.ephemeral_to is not None:
            return
        payload: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id:
            payload["guild_id"] = str(msg.guild_id)
        intent = Intents.GUILD_MESSAGES if msg.guild_id else Intents.DIRECT_MESSAGES
        await self.gateway.dispatch("MESSAGE_DELETE", payload, intent=intent)

    async def add_reaction(self, msg: FakeMessage, user: FakeUser, key: str, emoji: dict[str, Any]) -> bool:
        users = msg.reactions.setdefault(key, [])
        if user.id in users:
            return False
        users.append(user.id)
        payload: dict[str, Any] = {
            "user_id": str(user.id),
            "channel_id": str(msg.channel_id),
            "message_id": str(msg.id),
            "emoji": emoji,
            "burst": False,
            "burst_colors": [],
            "type": 0,
            "message_author_id": str(msg.author.id),
        }
        guild = self.guilds.get(msg.guild_id) if msg.guild_id else None
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            member = self.member_of(guild, user)
            if member is not None:
                payload["member"] = member.to_payload()
        intent = Intents.GUILD_MESSAGE_REACTIONS if guild else Intents.DIRECT_MESSAGE_REACTIONS
        await self.gateway.dispatch("MESSAGE_REACTION_ADD", payload, intent=intent)
        return True

    async def remove_reaction(self, msg: FakeMessage, user: FakeUser, key: str, emoji: dict[str, Any]) -> bool:
        users = msg.reactions.get(key, [])
        if user.id not in users:
            return False
        users.remove(user.id)
        if not users:
            del msg.reactions[key]
        payload: dict[str, Any] = {
            "user_id": str(user.id),
            "channel_id": str(msg.channel_id),
            "message_id": str(msg.id),
            "emoji": emoji,
            "burst": False,
            "type": 0,
        }
        if msg.guild_id:
            payload["guild_id"] = str(msg.guild_id)
        intent = Intents.GUILD_MESSAGE_REACTIONS if msg.guild_id else Intents.DIRECT_MESSAGE_REACTIONS
        await self.gateway.dispatch("MESSAGE_REACTION_REMOVE", payload, intent=intent)
        return True

    # ================================================================== threads
    async def create_thread(
        self,
        parent: FakeChannel,
        owner: FakeUser,
        name: str,
        *,
        kind: int = PUBLIC_THREAD,
        from_message: FakeMessage | None = None,
        auto_archive_duration: int = 1440,
    ) -> FakeChannel:
        if parent.is_thread or parent.is_dm or parent.guild is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if from_message is not None and from_message.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        # A thread started from a message shares the message's id, as on Discord.
        thread_id = from_message.id if from_message is not None else self.snowflakes.next()
        thread = FakeChannel(
            thread_id,
            kind,
            name,
            guild=parent.guild,
            parent_id=parent.id,
            owner_id=owner.id,
            auto_archive_duration=auto_archive_duration,
            thread_members={owner.id},
        )
        parent.guild.threads[thread.id] = thread
        self.channels[thread.id] = thread
        if from_message is not None:
            from_message.thread_id = thread.id
        payload = thread.to_payload() | {"newly_created": True}
        if owner is self.bot_user:
            payload["member"] = self._thread_member_payload(thread, owner)
        await self.gateway.dispatch("THREAD_CREATE", payload, intent=Intents.GUILDS)
        if from_message is None and kind == PUBLIC_THREAD:
            # Discord announces standalone public threads with a system message in the parent.
            await self.create_message(
                parent,
                owner,
                content=name,
                type_=THREAD_CREATED,
                message_reference={"channel_id": str(thread.id), "guild_id": str(parent.guild_id)},
            )
        return thread

    def _thread_member_payload(self, thread: FakeChannel, user: FakeUser) -> dict[str, Any]:
        return {
            "id": str(thread.id),
            "user_id": str(user.id),
            "join_timestamp": dt.datetime.now(dt.UTC).isoformat(),
            "flags": 0,
        }

    async def update_thread(self, thread: FakeChannel, changes: dict[str, Any]) -> None:
        if "name" in changes:
            thread.name = changes["name"]
        if "archived" in changes:
            thread.archived = bool(changes["archived"])
        if "locked" in changes:
            thread.locked = bool(changes["locked"])
        if "auto_archive_duration" in changes:
            thread.auto_archive_duration = int(changes["auto_archive_duration"])
        await self.gateway.dispatch("THREAD_UPDATE", thread.to_payload(), intent=Intents.GUILDS)

    # ================================================================== interactions
    def new_interaction(
        self,
        user: FakeUser,
        channel: FakeChannel,
        kind: int,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        command_name: str | None = None,
    ) -> InteractionHandle:
        handle = InteractionHandle(
            fake=self,
            id=self.snowflakes.next(),
            token=f"itoken-{self.snowflakes.next()}",
            type=kind,
            user=user,
            channel=channel,
            data=data,
            source_message=message,
            command_name=command_name,
        )
        self.interactions[handle.id] = handle
        self._interactions_by_token[handle.token] = handle
        return handle

    def interaction_payload(self, handle: InteractionHandle) -> dict[str, Any]:
        channel = handle.channel
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(handle.id),
            "application_id": str(self.application_id),
            "type": handle.type,
            "token": handle.token,
            "version": 1,
            "data": handle.data,
            "channel_id": str(channel.id),
            "channel": channel.to_payload(permissions=channel.permissions_for(handle.user)),
            "locale": "en-US",
            "app_permissions": str(self.bot_permissions(channel)),
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "context": 1 if channel.is_dm else 0,
        }
        if guild is not None:
            member = guild.members[handle.user.id]
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": "en-US", "features": []}
            payload["guild_locale"] = "en-US"
            payload["member"] = member.to_payload(permissions=channel.permissions_for(handle.user))
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        else:
            payload["user"] = handle.user.to_payload()
            payload["authorizing_integration_owners"] = {"0": "0"}
        if handle.source_message is not None:
            payload["message"] = self.message_payload(handle.source_message)
        return payload

    async def deliver_interaction(self, handle: InteractionHandle) -> None:
        def sent() -> None:
            if handle.delivered_at is None:
                handle.delivered_at = self.clock()

        delivered = await self.gateway.dispatch("INTERACTION_CREATE", self.interaction_payload(handle), on_sent=sent)
        if not delivered:
            raise ScriptError("no bot session is connected to receive the interaction")
        handle.shards = [session.shard_id for session in delivered]

    def interaction_by_token(self, application_id: int, token: str) -> InteractionHandle:
        handle = self._interactions_by_token.get(token)
        if handle is None or application_id != self.application_id:
            raise unknown("Webhook")
        return handle

    async def interaction_callback(
        self,
        handle: InteractionHandle,
        body: dict[str, Any],
        new_attachments: list[dict[str, Any]],
        files: dict[str, bytes],
    ) -> dict[str, Any]:
        now = self.clock()
        if handle.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if handle.delivered_at is None or now - handle.delivered_at > self.interaction_deadline:
            handle.late = True
            self.late_interactions.append(handle)
            raise unknown("interaction")
        kind = body.get("type")
        data = body.get("data") or {}
        result: dict[str, Any] = {"id": str(handle.id), "type": handle.type}
        resource: dict[str, Any] | None = {"type": kind}
        if kind in (4, 5):
            flags = int(data.get("flags") or 0)
            ephemeral_to = handle.user.id if flags & EPHEMERAL else None
            if kind == 4:
                self._check_message_body(data, bool(new_attachments))
            else:
                data = {}
                flags = (flags & EPHEMERAL) | LOADING
            msg = await self.create_message(
                handle.channel,
                self.bot_user,
                content=data.get("content") or "",
                embeds=data.get("embeds"),
                components=data.get("components"),
                flags=flags & (EPHEMERAL | LOADING | IS_COMPONENTS_V2 | 4096),
                type_=CHAT_INPUT_COMMAND if handle.type == 2 else REPLY if handle.source_message else DEFAULT,
                attachments=new_attachments,
                files=files,
                interaction=handle,
                ephemeral_to=ephemeral_to,
                allowed_mentions=data.get("allowed_mentions"),
            )
            handle.original = msg
            result.update(
                response_message_id=str(msg.id),
                response_message_loading=kind == 5,
                response_message_ephemeral=ephemeral_to is not None,
            )
            resource = {"type": kind, "message": self.message_payload(msg)}
        elif kind in (6, 7):
            if handle.source_message is None:
                raise ApiError(400, 40043, "Interaction callback type is not valid for this interaction")
            handle.original = handle.source_message
            if kind == 7:
                await self.edit_message(handle.source_message, data, new_attachments, files)
                resource = {"type": kind, "message": self.message_payload(handle.source_message)}
            result.update(
                response_message_id=str(handle.source_message.id),
                response_message_loading=False,
                response_message_ephemeral=handle.source_message.ephemeral,
            )
        elif kind == 9:
            if handle.type == 5:
                raise ApiError(400, 40043, "A modal cannot answer a modal submit")
            errors = validate_modal(data)
            if errors:
                raise OverLimits(errors)
            handle.modal = FakeModal(data["custom_id"], data["title"], data["components"], handle.id, handle.user.id)
            resource = None
        elif kind == 8:
            handle.autocomplete_choices = list(data.get("choices") or [])
            resource = None
        else:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "type": {
                        "_errors": [
                            {
                                "code": "BASE_TYPE_CHOICES",
                                "message": f"Value must be one of (4, 5, 6, 7, 8, 9). ({kind})",
                            }
                        ]
                    }
                },
            )
        handle.response_type = kind
        handle.acknowledged_at = now
        response: dict[str, Any] = {"interaction": result}
        if resource is not None:
            response["resource"] = resource
        return response

    def _check_message_body(self, body: dict[str, Any], has_files: bool, *, edit: bool = False) -> None:
        errors = validate_message(body, has_files=has_files, edit=edit)
        if errors:
            raise OverLimits(errors)
        if not edit and is_empty_message(body, has_files):
            raise ApiError(400, 50006, "Cannot send an empty message")

    async def followup(
        self,
        handle: InteractionHandle,
        body: dict[str, Any],
        new_attachments: list[dict[str, Any]],
        files: dict[str, bytes],
    ) -> FakeMessage:
        if handle.response_type is None:
            raise unknown("Webhook")
        original = handle.original
        if handle.response_type == 5 and original is not None and original.loading:
            # The first follow-up after a "thinking" defer replaces the thinking message (Discord behaviour).
            self._check_message_body(body, bool(new_attachments))
            await self.edit_message(original, body, new_attachments, files)
            handle.followups.append(original)
            return original
        self._check_message_body(body, bool(new_attachments))
        flags = int(body.get("flags") or 0)
        msg = await self.create_message(
            handle.channel,
            self.bot_user,
            content=body.get("content") or "",
            embeds=body.get("embeds"),
            components=body.get("components"),
            flags=flags & (EPHEMERAL | IS_COMPONENTS_V2 | 4096),
            type_=CHAT_INPUT_COMMAND if handle.type == 2 else DEFAULT,
            attachments=new_attachments,
            files=files,
            interaction=handle,
            ephemeral_to=handle.user.id if flags & EPHEMERAL else None,
            allowed_mentions=body.get("allowed_mentions"),
        )
        handle.followups.append(msg)
        return msg

    def interaction_message(self, handle: InteractionHandle, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if handle.original is None or handle.original.deleted:
                raise unknown("Message")
            return handle.original
        for msg in [handle.original, *handle.followups]:
            if msg is not None and msg.id == int(message_id) and not msg.deleted:
                return msg
        raise unknown("Message")

    # ================================================================== background helpers
    def spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task


def counts_against_global_limit(route: str) -> bool:
    """Whether Discord counts a call (by its route, as in ``fake.calls``) against a bot's global rate limit: every
    call made with the bot's token does; interaction answers and what an interaction's token does (follow-ups,
    edits of the message it answered) do not ("interaction endpoints are not bound to the bot's global rate
    limit", Discord's rate limit documentation)."""
    return not route.split(" ", 1)[-1].startswith(("/interactions/", "/webhooks/"))


def pinged_users(mentioned: list[int], allowed_mentions: dict[str, Any] | None) -> list[int]:
    """Discord's rule: without allowed_mentions every mentioned user is notified; with it, only users named in
    its "users" list, or all of them when "parse" holds "users"."""
    if allowed_mentions is None or "users" in (allowed_mentions.get("parse") or []):
        return list(mentioned)
    allowed = {int(user) for user in allowed_mentions.get("users") or []}
    return [user for user in mentioned if user in allowed]
