"""The fake's WebSocket gateway: HELLO/IDENTIFY/READY, heartbeats, dispatches, RESUME replay and faults.

One live session per shard, as on Discord: an IDENTIFY without `shard` is shard 0 of 1, and a new IDENTIFY for a
shard ends that shard's previous session. A session hears only its shard's guilds (`(guild_id >> 22) % count`),
in READY, GUILD_CREATE and every later guild event, and shard 0 also hears direct messages and their
interactions. Sessions of different processes (one shard each) can be live at once. Every dispatch gets a
sequence number and stays in the session's log, so when the connection drops (a fault the test injects) the
events that happen meanwhile are sent on RESUME, as Discord does.
Frames are plain JSON text even when the client asks for zlib-stream: discord.py accepts both.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

(
    DISPATCH,
    HEARTBEAT,
    IDENTIFY,
    PRESENCE,
    VOICE,
    RESUME,
    RECONNECT,
    REQUEST_MEMBERS,
    INVALID_SESSION,
    HELLO,
    ACK,
) = (
    0,
    1,
    2,
    3,
    4,
    6,
    7,
    8,
    9,
    10,
    11,
)


class Intents:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    GUILD_MESSAGE_REACTIONS = 1 << 10
    DIRECT_MESSAGES = 1 << 12
    DIRECT_MESSAGE_REACTIONS = 1 << 13
    MESSAGE_CONTENT = 1 << 15


@dataclass
class LogEntry:
    seq: int
    event: str
    text: str
    on_sent: Callable[[], None] | None = None


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    path: str
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed_by_server: bool = False
    sent: list[dict[str, Any]] = field(default_factory=list)

    @property
    def open(self) -> bool:
        return not self.ws.closed

    async def send_text(self, text: str) -> bool:
        async with self.send_lock:
            if self.ws.closed:
                return False
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return False
            return True

    async def send(self, frame: dict[str, Any]) -> bool:
        return await self.send_text(json.dumps(frame))

    async def close(self, code: int, message: str = "") -> None:
        self.closed_by_server = True
        await self.ws.close(code=code, message=message.encode())


PendingEvent = tuple[str, dict[str, Any], int | None]
"""A dispatch queued by synchronous code: (event, payload, intent)."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that hears a guild (Discord's formula)."""
    return (guild_id >> 22) % shard_count


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: list[int] | None
    """[shard id, shard count] as the IDENTIFY gave it; None when it gave none (one shard)."""
    seq: int = 0
    log: list[LogEntry] = field(default_factory=list)
    conn: Connection | None = None
    invalid: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    pending: list[PendingEvent] = field(default_factory=list)

    def has(self, intent: int) -> bool:
        return bool(self.intents & intent)

    @property
    def shard_id(self) -> int:
        return self.shard[0] if self.shard is not None else 0

    def hears(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of this guild (None: a direct message, shard 0's)."""
        if self.shard is None:
            return True
        shard_id, shard_count = self.shard
        return shard_id == (0 if guild_id is None else shard_of(guild_id, shard_count))


def strip_content(payload: dict[str, Any]) -> dict[str, Any]:
    """What a bot without the Message Content intent receives (Discord empties these fields)."""
    redacted = dict(payload)
    redacted.update(content="", embeds=[], attachments=[], components=[])
    redacted.pop("poll", None)
    return redacted


class Gateway:
    """Gateway endpoint and session state. Reach it as ``fake.gateway``."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.session: Session | None = None
        """The session identified last (the only one, for a bot with one shard)."""
        self.sessions: dict[str, Session] = {}
        self.live: dict[int, Session] = {}
        """The current session of each shard id."""
        self.connections: list[Connection] = []
        self.identifies = 0
        self.resumes = 0
        self.failed_resumes = 0
        self.close_codes: list[int] = []  # codes the fake closed connections with, in order
        self.protocol_errors: list[str] = []
        self._open = asyncio.Event()
        self._open.set()
        self._close_on_identify: list[int] = []

    # --- test controls ----------------------------------------------------------------------------------
    @property
    def connection(self) -> Connection | None:
        """The open connection of the session identified last."""
        return _open_connection(self.session)

    def connection_of(self, shard_id: int) -> Connection | None:
        """The open connection of this shard's current session."""
        return _open_connection(self.live.get(shard_id))

    def hearing(self, guild_id: int | None) -> list[Session]:
        """The live sessions that receive this guild's events (None: a direct message's)."""
        return [session for session in self.live.values() if not session.invalid and session.hears(guild_id)]

    def hold(self) -> None:
        """New connections wait (no HELLO) until :meth:`release`: lets a test act while the bot is offline."""
        self._open.clear()

    def release(self) -> None:
        self._open.set()

    def close_next_identify(self, code: int) -> None:
        """Answer the next IDENTIFY by closing with ``code`` (4004 bad token, 4014 bad intents...)."""
        self._close_on_identify.append(code)

    async def drop(self, code: int = 4000, *, hold: bool = False) -> None:
        """Close the bot's connection with ``code``; the session stays resumable and keeps logging events."""
        conn = self.connection
        if conn is None:
            raise RuntimeError("no bot connected to the fake gateway")
        if hold:
            self.hold()
        self.close_codes.append(code)
        await conn.close(code, "fakediscord: injected drop")

    async def send_reconnect(self) -> None:
        """Op 7 RECONNECT: the client closes and RESUMEs."""
        conn = self.connection
        if conn is None:
            raise RuntimeError("no bot connected to the fake gateway")
        await conn.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def invalidate_session(self, resumable: bool = False) -> None:
        """Op 9 INVALID_SESSION; with ``resumable=False`` the client must IDENTIFY again."""
        conn = self.connection
        if conn is None or self.session is None:
            raise RuntimeError("no bot connected to the fake gateway")
        if not resumable:
            self.session.invalid = True
        await conn.send({"op": INVALID_SESSION, "d": resumable, "s": None, "t": None})

    async def close_all(self) -> None:
        self._open.set()
        for conn in self.connections:
            if conn.open:
                conn.closed_by_server = True
                await conn.ws.close(code=1001, message=b"fakediscord shutting down")

    # --- dispatch ------------------------------------------------------------------------------------------
    async def dispatch(
        self,
        event: str,
        payload: dict[str, Any],
        *,
        intent: int | None = None,
        redact: bool = False,
        on_sent: Callable[[], None] | None = None,
    ) -> list[Session]:
        """Send (or queue for RESUME) one dispatch to every session that hears it: the sessions of the shard of
        the payload's guild, or shard 0's for an event with no guild (a direct message). Returns those sessions;
        none when the bot would not receive it."""
        guild_id = _guild_id(payload)
        receivers = [session for session in self.hearing(guild_id) if intent is None or session.has(intent)]
        for session in receivers:
            sent = strip_content(payload) if redact and not session.has(Intents.MESSAGE_CONTENT) else payload
            async with session.lock:
                await self._flush_pending(session)
                await self._append_and_send(session, event, sent, on_sent)
        return receivers

    def enqueue(self, event: str, payload: dict[str, Any], intent: int | None) -> None:
        """Dispatch from synchronous code (world changes made by the test), keeping the order of events:
        whatever is dispatched next goes out after this."""
        for session in self.hearing(_guild_id(payload)):
            session.pending.append((event, payload, intent))
            self.fake.spawn(self._flush_pending_now(session))

    async def _flush_pending_now(self, session: Session) -> None:
        async with session.lock:
            await self._flush_pending(session)

    async def _flush_pending(self, session: Session) -> None:
        while session.pending:
            event, payload, intent = session.pending.pop(0)
            if session.invalid or (intent is not None and not session.has(intent)):
                continue
            await self._append_and_send(session, event, payload, None)

    async def _append_and_send(
        self, session: Session, event: str, payload: dict[str, Any], on_sent: Callable[[], None] | None
    ) -> None:
        session.seq += 1
        entry = LogEntry(
            session.seq,
            event,
            json.dumps({"op": DISPATCH, "t": event, "s": session.seq, "d": payload}),
            on_sent,
        )
        session.log.append(entry)
        conn = session.conn
        if conn is not None and await conn.send_text(entry.text) and entry.on_sent is not None:
            entry.on_sent()

    # --- connection handling -----------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        # A short close timeout: a bot that stops answering must not stall a test for aiohttp's 10 s.
        ws = web.WebSocketResponse(max_msg_size=0, timeout=2.0)
        await ws.prepare(request)
        conn = Connection(ws, request.path)
        self.connections.append(conn)
        try:
            await self._open.wait()
            await conn.send(
                {
                    "op": HELLO,
                    "d": {"heartbeat_interval": int(self.fake.heartbeat_interval * 1000)},
                    "s": None,
                    "t": None,
                }
            )
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._on_frame(conn, json.loads(msg.data))
                elif msg.type is WSMsgType.BINARY:
                    self.protocol_errors.append("binary frame from client (ETF is not supported)")
                else:
                    break
        finally:
            self._on_closed(conn)
        return ws

    def _on_closed(self, conn: Connection) -> None:
        for session in self.live.values():
            if session.conn is conn:
                session.conn = None
                # A client closing with 1000/1001 ends its session on Discord; other codes keep it resumable.
                if not conn.closed_by_server and conn.ws.close_code in (1000, 1001):
                    session.invalid = True

    async def _on_frame(self, conn: Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            await conn.send({"op": ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(conn, data)
        elif op == RESUME:
            await self._resume(conn, data)
        elif op == REQUEST_MEMBERS:
            await self._request_members(data)
        elif op in (PRESENCE, VOICE):
            pass
        else:
            self.protocol_errors.append(f"unexpected op {op}: {frame}")

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        self.identifies += 1
        if self._close_on_identify:
            code = self._close_on_identify.pop(0)
            self.close_codes.append(code)
            await conn.close(code, "fakediscord: injected close")
            return
        if data.get("token") != self.fake.token:
            self.close_codes.append(4004)
            await conn.close(4004, "Authentication failed.")
            return
        intents = int(data.get("intents", 0))
        if intents & ~self.fake.allowed_intents_mask():
            self.close_codes.append(4014)
            await conn.close(4014, "Disallowed intent(s).")
            return
        shard = data.get("shard")
        if shard is not None and not (len(shard) == 2 and 0 <= shard[0] < shard[1]):
            self.close_codes.append(4010)
            await conn.close(4010, "Invalid shard.")
            return
        # The shard's new session, whose GUILD_CREATEs carry the current world, ends its old one.
        session = Session(secrets.token_hex(16), intents, shard, conn=conn)
        previous = self.live.get(session.shard_id)
        if previous is not None:
            previous.invalid = True
        self.sessions[session.id] = session
        self.live[session.shard_id] = session
        self.session = session
        async with session.lock:
            await self._append_and_send(session, "READY", self.fake._ready_payload(session), None)
            for guild_payload in self.fake._guild_create_payloads(session):
                await self._append_and_send(session, "GUILD_CREATE", guild_payload, None)

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("session_id", ""))
        current = session is not None and self.live.get(session.shard_id) is session
        if not current or session.invalid or data.get("token") != self.fake.token:
            self.failed_resumes += 1
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        last_seen = data.get("seq") or 0
        async with session.lock:
            session.conn = conn
            for entry in session.log:
                if entry.seq > last_seen and await conn.send_text(entry.text) and entry.on_sent is not None:
                    entry.on_sent()
            await self._append_and_send(session, "RESUMED", {"_trace": ["fakediscord"]}, None)
        self.resumes += 1

    async def _request_members(self, data: dict[str, Any]) -> None:
        guild = self.fake.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        user_ids = data.get("user_ids")
        members = [m for m in guild.members.values() if user_ids is None or str(m.user.id) in map(str, user_ids)]
        query = data.get("query") or ""
        members = [m for m in members if m.user.name.lower().startswith(query.lower())]
        payload = {
            "guild_id": str(guild.id),
            "members": [m.to_payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if "nonce" in data:
            payload["nonce"] = data["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", payload)


def _open_connection(session: Session | None) -> Connection | None:
    if session is not None and session.conn is not None and session.conn.open:
        return session.conn
    return None


def _guild_id(payload: dict[str, Any]) -> int | None:
    """The guild an event belongs to, which decides the shard that hears it; None for a direct message's."""
    guild_id = payload.get("guild_id")
    return int(guild_id) if guild_id else None
