"""The fake's REST API: routing, call counting, fault injection, body parsing and the route handlers.

Every request is counted under its route template (``fake.calls["POST /channels/{channel_id}/messages"]``).
A route the fake does not implement answers 501 and is recorded in ``fake.unimplemented``.
"""

from __future__ import annotations

import asyncio
import fnmatch
import json
import re
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from aiohttp import web

from .commands import command_key, normalise_command, store_commands
from .contract import Violation, contract_error_body
from .errors import ApiError, unknown
from .messages import EPHEMERAL, IS_COMPONENTS_V2, FakeMessage, parse_emoji
from .perms import Perm, send_permission
from .validation import OverLimits
from .world import PRIVATE_THREAD, PUBLIC_THREAD, FakeChannel

if TYPE_CHECKING:
    from .server import FakeDiscord

_API_PREFIX = re.compile(r"^/api/v\d+")


@dataclass
class Request:
    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[tuple[str, str, bytes, str | None]] = field(default_factory=list)  # (field, filename, data, type)


Handler = Callable[[Request], Awaitable[Any]]


@dataclass
class CallRecord:
    """One REST request the bot made."""

    method: str
    route: str  # "PATCH /channels/{channel_id}/messages/{message_id}"
    path: str
    status: int = 0
    query: dict[str, str] = field(default_factory=dict)
    body: Any = None
    fault: bool = False
    at: float = 0.0
    operation: str | None = None  # the operationId in Discord's API description


@dataclass
class Fault:
    """An injected REST fault; ``hits`` counts how many requests it answered.

    ``delay`` holds the request that many seconds first. ``status`` 0 then handles it normally (a slow
    Discord); ``after`` handles it and answers ``status`` anyway (Discord did it, but the answer was lost).
    """

    method: str
    route: str
    status: int
    times: int
    retry_after: float = 0.2
    global_: bool = False
    code: int = 0
    message: str | None = None
    delay: float = 0.0
    after: bool = False
    hits: int = 0

    def matches(self, method: str, template: str | None, path: str) -> bool:
        if self.hits >= self.times:
            return False
        if self.method not in ("*", method):
            return False
        return self.route in (template, path) or fnmatch.fnmatchcase(path, self.route)

    def response(self) -> tuple[int, dict[str, Any], dict[str, str]]:
        self.hits += 1
        if self.status == 429:
            body = {
                "message": "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": self.global_,
                "code": 0,
            }
            # Via tells discord.py this came from Discord's API rather than a Cloudflare ban, so it retries.
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(self.retry_after))),
                "X-RateLimit-Scope": "global" if self.global_ else "user",
            }
            return 429, body, headers
        reason = {
            500: "Internal Server Error",
            502: "Bad Gateway",
            503: "Service Unavailable",
            504: "Gateway Timeout",
        }.get(self.status, "Error")
        return self.status, {"code": self.code, "message": self.message or f"{self.status}: {reason}"}, {}


@dataclass
class _Route:
    method: str
    template: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool


def _json_response(status: int, data: Any, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json": aiohttp's json_response appends a charset and discord.py then misreads it.
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


class RestApi:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.routes: list[_Route] = []
        self.loose_files: dict[str, bytes] = {}
        self._register()

    # --- routing -------------------------------------------------------------------------------------------
    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        regex = "^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template)) + "$"
        self.routes.append(_Route(method, template, re.compile(regex), handler, auth))

    def match(self, method: str, path: str) -> tuple[_Route, dict[str, str]] | None:
        for route in self.routes:
            if route.method != method:
                continue
            m = route.pattern.match(path)
            if m:
                return route, {k: unquote(v) for k, v in m.groupdict().items()}
        return None

    async def handle(self, request: web.Request) -> web.Response:
        fake = self.fake
        raw_path = request.rel_url.raw_path
        path = _API_PREFIX.sub("", raw_path)
        method = request.method
        found = self.match(method, path)
        template = found[0].template if found else None
        route_key = f"{method} {template or path}"
        record_query = dict(request.query)
        record = CallRecord(method, route_key, path, query=record_query, at=fake.clock())
        fake.calls[route_key] += 1
        fake.call_log.append(record)
        try:
            body, files = await self._read_body(request)
        except Exception:
            fake.server_errors.append(f"{route_key}: {traceback.format_exc()}")
            record.status = 400
            return _json_response(400, {"code": 0, "message": "fakediscord could not read the body"})
        record.body = body
        record.operation, violations = fake.check_contract(method, path, body)

        lost_answer: Fault | None = None
        for fault in fake.faults:
            if fault.matches(method, template, path):
                if fault.delay:
                    await asyncio.sleep(fault.delay)
                if fault.status == 0:
                    fault.hits += 1
                    break
                if fault.after:
                    lost_answer = fault
                    break
                status, body, headers = fault.response()
                record.status, record.fault = status, True
                return _json_response(status, body, headers)

        if violations:
            record.status = 400
            return _json_response(400, contract_error_body(violations))
        if found is None:
            fake.unimplemented.append(route_key)
            record.status = 501
            return _json_response(501, {"code": 0, "message": f"fakediscord does not implement {method} {path}"})
        route, params = found
        if route.auth and request.headers.get("Authorization") != f"Bot {fake.token}":
            record.status = 401
            return _json_response(401, {"code": 0, "message": "401: Unauthorized"})
        try:
            result = await route.handler(Request(method, path, params, record_query, body, files))
        except ApiError as exc:
            if isinstance(exc, OverLimits):
                fake.keep_violations(
                    [Violation(method, path, record.operation, "/" + "/".join(at), why) for at, _, why in exc.refused]
                )
            record.status = exc.status
            return _json_response(exc.status, exc.body())
        except Exception:
            # A 4xx (not 5xx) so discord.py fails at once instead of retrying; the test fails through
            # server_errors.
            fake.server_errors.append(f"{route_key}: {traceback.format_exc()}")
            record.status = 400
            return _json_response(400, {"code": 0, "message": "fakediscord internal error (see fake.server_errors)"})
        if lost_answer is not None:
            status, body, headers = lost_answer.response()
            record.status, record.fault = status, True
            return _json_response(status, body, headers)
        if result is None:
            record.status = 204
            return web.Response(status=204)
        status, data = result if isinstance(result, tuple) else (200, result)
        record.status = status
        return _json_response(status, data)

    async def _read_body(self, request: web.Request) -> tuple[Any, list[tuple[str, str, bytes, str | None]]]:
        files: list[tuple[str, str, bytes, str | None]] = []
        if not request.can_read_body:
            return None, files
        if request.content_type.startswith("multipart/"):
            body: Any = {}
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                elif part.filename:
                    data = await part.read()  # type: ignore[union-attr]
                    files.append((part.name or "", part.filename, bytes(data), part.headers.get("Content-Type")))
            return body, files
        text = await request.text()
        return (json.loads(text) if text else None), files

    async def attachment(self, request: web.Request) -> web.StreamResponse:
        attachment_id = request.match_info["attachment_id"]
        if attachment_id in self.loose_files:
            return web.Response(body=self.loose_files[attachment_id])
        for msg in self.fake.messages.values():
            for att in msg.attachments:
                if str(att["id"]) == attachment_id and att["filename"] in msg.files:
                    return web.Response(
                        body=msg.files[att["filename"]],
                        content_type=att.get("content_type") or "application/octet-stream",
                    )
        return web.Response(status=404)

    # --- route table ---------------------------------------------------------------------------------------
    def _register(self) -> None:
        add = self.add
        add("GET", "/users/@me", self.get_me)
        add("GET", "/oauth2/applications/@me", self.get_application)
        add("GET", "/applications/@me", self.get_application)
        add("GET", "/gateway", self.get_gateway, auth=False)
        add("GET", "/gateway/bot", self.get_gateway_bot)
        add("GET", "/users/{user_id}", self.get_user)
        add("POST", "/users/@me/channels", self.open_dm)

        base = "/applications/{application_id}"
        add("GET", f"{base}/commands", self.get_commands)
        add("PUT", f"{base}/commands", self.put_commands)
        add("POST", f"{base}/commands", self.post_command)
        add("GET", f"{base}/commands/{{command_id}}", self.get_command)
        add("PATCH", f"{base}/commands/{{command_id}}", self.patch_command)
        add("DELETE", f"{base}/commands/{{command_id}}", self.delete_command)
        add("GET", f"{base}/guilds/{{guild_id}}/commands", self.get_commands)
        add("PUT", f"{base}/guilds/{{guild_id}}/commands", self.put_commands)
        add("POST", f"{base}/guilds/{{guild_id}}/commands", self.post_command)
        add("GET", f"{base}/guilds/{{guild_id}}/commands/{{command_id}}", self.get_command)
        add("PATCH", f"{base}/guilds/{{guild_id}}/commands/{{command_id}}", self.patch_command)
        add("DELETE", f"{base}/guilds/{{guild_id}}/commands/{{command_id}}", self.delete_command)

        add("GET", "/guilds/{guild_id}", self.get_guild)
        add("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        add("GET", "/guilds/{guild_id}/roles", self.get_roles)
        add("GET", "/guilds/{guild_id}/members", self.list_members)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        add("GET", "/guilds/{guild_id}/threads/active", self.active_threads)

        ch = "/channels/{channel_id}"
        add("GET", ch, self.get_channel)
        add("PATCH", ch, self.patch_channel)
        add("DELETE", ch, self.delete_channel)
        add("POST", f"{ch}/typing", self.typing)
        add("GET", f"{ch}/messages", self.history)
        add("POST", f"{ch}/messages", self.post_message)
        add("GET", f"{ch}/messages/{{message_id}}", self.get_message)
        add("PATCH", f"{ch}/messages/{{message_id}}", self.patch_message)
        add("DELETE", f"{ch}/messages/{{message_id}}", self.delete_message)
        add("PUT", f"{ch}/messages/{{message_id}}/reactions/{{emoji}}/@me", self.add_reaction)
        add("DELETE", f"{ch}/messages/{{message_id}}/reactions/{{emoji}}/@me", self.remove_own_reaction)
        add("DELETE", f"{ch}/messages/{{message_id}}/reactions/{{emoji}}/{{user_id}}", self.remove_reaction)
        add("GET", f"{ch}/messages/{{message_id}}/reactions/{{emoji}}", self.reaction_users)
        add("DELETE", f"{ch}/messages/{{message_id}}/reactions", self.clear_reactions)
        add("POST", f"{ch}/threads", self.create_thread)
        add("POST", f"{ch}/messages/{{message_id}}/threads", self.create_thread_from_message)
        add("PUT", f"{ch}/thread-members/{{user_id}}", self.add_thread_member)
        add("DELETE", f"{ch}/thread-members/{{user_id}}", self.remove_thread_member)
        add("GET", f"{ch}/thread-members/{{user_id}}", self.get_thread_member)

        add("POST", "/interactions/{interaction_id}/{interaction_token}/callback", self.callback, auth=False)
        wh = "/webhooks/{application_id}/{interaction_token}"
        add("POST", wh, self.post_followup, auth=False)
        # @original first, so it is counted under its own route name
        add("GET", f"{wh}/messages/@original", self.get_webhook_message, auth=False)
        add("PATCH", f"{wh}/messages/@original", self.patch_webhook_message, auth=False)
        add("DELETE", f"{wh}/messages/@original", self.delete_webhook_message, auth=False)
        add("GET", f"{wh}/messages/{{message_id}}", self.get_webhook_message, auth=False)
        add("PATCH", f"{wh}/messages/{{message_id}}", self.patch_webhook_message, auth=False)
        add("DELETE", f"{wh}/messages/{{message_id}}", self.delete_webhook_message, auth=False)

    # --- helpers -------------------------------------------------------------------------------------------
    def _channel(self, req: Request) -> FakeChannel:
        return self.fake.get_channel(int(req.params["channel_id"]))

    def _message(self, req: Request, channel: FakeChannel) -> FakeMessage:
        msg = self.fake.messages.get(int(req.params["message_id"]))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral_to is not None:
            raise unknown("Message")
        return msg

    def _guild(self, req: Request) -> Any:
        guild = self.fake.guilds.get(int(req.params["guild_id"]))
        if guild is None:
            raise unknown("Guild")
        return guild

    def _attachments(self, req: Request) -> tuple[list[dict[str, Any]], dict[str, bytes]]:
        """Attachment payloads and contents for the files of a multipart request."""
        described = {str(a.get("id")): a for a in (req.body or {}).get("attachments") or []}
        attachments, contents = [], {}
        for index, (field_name, filename, data, content_type) in enumerate(req.files):
            number = (
                field_name.removeprefix("files[").removesuffix("]") if field_name.startswith("files[") else str(index)
            )
            description = described.get(number, {})
            attachment_id = str(self.fake.snowflakes.next())
            url = f"{self.fake.url}/attachments/{req.params.get('channel_id', 0)}/{attachment_id}/{filename}"
            attachment = {
                "id": attachment_id,
                "filename": description.get("filename", filename),
                "size": len(data),
                "url": url,
                "proxy_url": url,
                "content_type": content_type or "application/octet-stream",
            }
            if description.get("description"):
                attachment["description"] = description["description"]
            attachments.append(attachment)
            contents[attachment["filename"]] = data
        return attachments, contents

    def _body_without_new_attachments(self, body: dict[str, Any]) -> dict[str, Any]:
        """Edit bodies list kept attachments by their real ids and new ones by file index: keep the former."""
        if "attachments" not in body:
            return body
        existing_ids = {str(a["id"]) for m in self.fake.messages.values() for a in m.attachments}
        kept = [a for a in body["attachments"] or [] if str(a.get("id")) in existing_ids]
        return {**body, "attachments": kept}

    # --- login ---------------------------------------------------------------------------------------------
    async def get_me(self, req: Request) -> Any:
        return self.fake.bot_user.to_payload() | {
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "email": None,
            "locale": "en-US",
            "premium_type": 0,
        }

    async def get_application(self, req: Request) -> Any:
        fake = self.fake
        owner = fake.app_owner or next(
            (g.owner for g in fake.guilds.values()), fake.bot_user
        )  # bot.is_owner() reads this
        return {
            "id": str(fake.application_id),
            "name": fake.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": fake._application_flags(),
            "owner": owner.to_payload(),
            "team": None,
            "bot": fake.bot_user.to_payload(),
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(fake.guilds),
        }

    async def get_gateway(self, req: Request) -> Any:
        return {"url": self.fake.gateway_url}

    async def get_gateway_bot(self, req: Request) -> Any:
        return {
            "url": self.fake.gateway_url,
            "shards": self.fake.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    async def get_user(self, req: Request) -> Any:
        user = self.fake.users.get(int(req.params["user_id"]))
        if user is None:
            raise unknown("User")
        return user.to_payload()

    async def open_dm(self, req: Request) -> Any:
        user = self.fake.users.get(int(req.body["recipient_id"]))
        if user is None:
            raise unknown("User")
        return self.fake.dm_channel(user).to_payload()

    # --- commands ------------------------------------------------------------------------------------------
    def _command_store(self, req: Request) -> tuple[dict[str, dict[str, Any]], int | None]:
        if int(req.params["application_id"]) != self.fake.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in req.params:
            guild = self._guild(req)
            return self.fake.guild_commands.setdefault(guild.id, {}), guild.id
        return self.fake.global_commands, None

    async def get_commands(self, req: Request) -> Any:
        store, _ = self._command_store(req)
        return list(store.values())

    async def put_commands(self, req: Request) -> Any:
        store, guild_id = self._command_store(req)
        return store_commands(self.fake, store, req.body, guild_id)

    async def post_command(self, req: Request) -> Any:
        store, guild_id = self._command_store(req)
        created = command_key(req.body) not in store
        stored = normalise_command(self.fake, req.body, store, guild_id)
        store[command_key(stored)] = stored
        return (201 if created else 200), stored

    def _find_command(self, req: Request) -> tuple[dict[str, dict[str, Any]], str]:
        store, _ = self._command_store(req)
        for key, cmd in store.items():
            if cmd["id"] == req.params["command_id"]:
                return store, key
        raise unknown("application command")

    async def get_command(self, req: Request) -> Any:
        store, key = self._find_command(req)
        return store[key]

    async def patch_command(self, req: Request) -> Any:
        store, key = self._find_command(req)
        store[key] = {**store[key], **req.body}
        return store[key]

    async def delete_command(self, req: Request) -> Any:
        store, key = self._find_command(req)
        del store[key]
        return None

    # --- guilds --------------------------------------------------------------------------------------------
    async def get_guild(self, req: Request) -> Any:
        guild = self._guild(req)
        payload = guild.create_payload(members=[], member_count=len(guild.members))
        for key in ("channels", "threads", "members", "voice_states", "presences", "joined_at", "large"):
            payload.pop(key, None)
        return payload

    async def get_guild_channels(self, req: Request) -> Any:
        return [c.to_payload() for c in self._guild(req).channels.values()]

    async def get_roles(self, req: Request) -> Any:
        return [r.to_payload() for r in self._guild(req).roles.values()]

    async def list_members(self, req: Request) -> Any:
        guild = self._guild(req)
        limit = int(req.query.get("limit", 1))
        after = int(req.query.get("after", 0))
        members = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [m.to_payload() for m in members[:limit]]

    async def get_member(self, req: Request) -> Any:
        guild = self._guild(req)
        member = guild.members.get(int(req.params["user_id"]))
        if member is None:
            raise unknown("Member")
        return member.to_payload()

    async def active_threads(self, req: Request) -> Any:
        guild = self._guild(req)
        threads = [t for t in guild.threads.values() if not t.archived]
        return {"threads": [t.to_payload() for t in threads], "members": []}

    # --- channels ------------------------------------------------------------------------------------------
    async def get_channel(self, req: Request) -> Any:
        channel = self._channel(req)
        if channel.guild is not None and not self.fake.bot_permissions(channel) & Perm.VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        return channel.to_payload()

    async def patch_channel(self, req: Request) -> Any:
        channel = self._channel(req)
        body = req.body or {}
        if channel.is_thread:
            if channel.owner_id != self.fake.bot_user.id:
                self.fake.require(channel, Perm.MANAGE_THREADS)
            await self.fake.update_thread(channel, body)
        else:
            self.fake.require(channel, Perm.MANAGE_CHANNELS)
            channel.name = body.get("name", channel.name)
            channel.topic = body.get("topic", channel.topic)
            channel._updated()
        return channel.to_payload()

    async def delete_channel(self, req: Request) -> Any:
        channel = self._channel(req)
        if not channel.is_thread:
            raise ApiError(400, 50024, "fakediscord only deletes threads")
        self.fake.require(channel, Perm.MANAGE_THREADS)
        assert channel.guild is not None
        del channel.guild.threads[channel.id]
        del self.fake.channels[channel.id]
        await self.fake.gateway.dispatch(
            "THREAD_DELETE",
            {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            },
        )
        return channel.to_payload()

    async def typing(self, req: Request) -> Any:
        channel = self._channel(req)
        self.fake.require(channel, send_permission(channel))
        return None

    async def history(self, req: Request) -> Any:
        channel = self._channel(req)
        self.fake.require(channel, Perm.READ_MESSAGE_HISTORY)
        limit = int(req.query.get("limit", 50))
        messages = self.fake.channel_messages(channel, include_system=True)
        if "before" in req.query:
            messages = [m for m in messages if m.id < int(req.query["before"])]
        if "after" in req.query:
            messages = [m for m in messages if m.id > int(req.query["after"])]
            selected = messages[:limit]
        elif "around" in req.query:
            around = int(req.query["around"])
            older = [m for m in messages if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in messages if m.id > around][: limit - len(older)]
            selected = older + newer
        else:
            selected = messages[-limit:]
        return [self.fake.rest_message_payload(m) for m in reversed(selected)]

    async def post_message(self, req: Request) -> Any:
        fake = self.fake
        channel = self._channel(req)
        body = req.body or {}
        if channel.is_dm:
            assert channel.recipient is not None
            if channel.recipient.dms_closed:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        else:
            fake.require(channel, send_permission(channel))
            if req.files:
                fake.require(channel, Perm.ATTACH_FILES)
            if channel.is_thread and channel.locked and not fake.bot_permissions(channel) & Perm.MANAGE_THREADS:
                raise ApiError(403, 50083, "Operation cannot be performed on an archived thread")
            if channel.is_thread and channel.archived:
                await fake.update_thread(channel, {"archived": False})
        fake._check_message_body(body, bool(req.files))
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord returns the message it already made from this nonce instead of making another (it keeps
            # nonces for a few minutes; the fake keeps them for the whole test).
            earlier = fake.nonces.get((channel.id, str(nonce)))
            if earlier is not None:
                return fake.message_payload(earlier)
        reference = body.get("message_reference")
        if reference is not None:
            ref = fake.messages.get(int(reference.get("message_id", 0)))
            if (ref is None or ref.deleted) and reference.get("fail_if_not_exists", True):
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "message_reference": {
                            "_errors": [{"code": "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "message": "Unknown message"}]
                        }
                    },
                )
        attachments, contents = self._attachments(req)
        msg = await fake.create_message(
            channel,
            fake.bot_user,
            content=body.get("content") or "",
            embeds=body.get("embeds"),
            components=body.get("components"),
            flags=int(body.get("flags") or 0) & (IS_COMPONENTS_V2 | 4096 | 4),
            type_=19 if reference else 0,
            attachments=attachments,
            files=contents,
            message_reference=reference,
            nonce=nonce,
            allowed_mentions=body.get("allowed_mentions"),
            deliver=False,
        )
        if nonce is not None and body.get("enforce_nonce"):
            # Noted before the dispatch lets other requests run: a second send of the nonce (another process of
            # the same bot) gets this message, as from Discord.
            fake.nonces[(channel.id, str(nonce))] = msg
        await fake.deliver(msg)
        return fake.message_payload(msg)

    async def get_message(self, req: Request) -> Any:
        channel = self._channel(req)
        self.fake.require(channel, Perm.READ_MESSAGE_HISTORY)
        return self.fake.rest_message_payload(self._message(req, channel))

    async def patch_message(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self._message(req, channel)
        if msg.author is not self.fake.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        attachments, contents = self._attachments(req)
        await self.fake.edit_message(msg, self._body_without_new_attachments(req.body or {}), attachments, contents)
        return self.fake.message_payload(msg)

    async def delete_message(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self._message(req, channel)
        if msg.author is not self.fake.bot_user:
            if channel.is_dm:
                raise ApiError(403, 50003, "Cannot execute action on a DM channel")
            self.fake.require(channel, Perm.MANAGE_MESSAGES)
        await self.fake.delete_message(msg)
        return None

    # --- reactions -----------------------------------------------------------------------------------------
    async def add_reaction(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self._message(req, channel)
        key, emoji = parse_emoji(req.params["emoji"])
        perms = Perm.READ_MESSAGE_HISTORY if msg.reactions.get(key) else Perm.READ_MESSAGE_HISTORY | Perm.ADD_REACTIONS
        self.fake.require(channel, perms)
        await self.fake.add_reaction(msg, self.fake.bot_user, key, emoji)
        return None

    async def remove_own_reaction(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self._message(req, channel)
        key, emoji = parse_emoji(req.params["emoji"])
        await self.fake.remove_reaction(msg, self.fake.bot_user, key, emoji)
        return None

    async def remove_reaction(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self._message(req, channel)
        self.fake.require(channel, Perm.MANAGE_MESSAGES)
        user = self.fake.users.get(int(req.params["user_id"]))
        if user is None:
            raise unknown("User")
        key, emoji = parse_emoji(req.params["emoji"])
        await self.fake.remove_reaction(msg, user, key, emoji)
        return None

    async def reaction_users(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self._message(req, channel)
        key, _ = parse_emoji(req.params["emoji"])
        return [self.fake.users[u].to_payload() for u in msg.reactions.get(key, [])]

    async def clear_reactions(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self._message(req, channel)
        self.fake.require(channel, Perm.MANAGE_MESSAGES)
        msg.reactions.clear()
        return None

    # --- threads -------------------------------------------------------------------------------------------
    async def create_thread(self, req: Request) -> Any:
        channel = self._channel(req)
        body = req.body or {}
        kind = int(body.get("type", PRIVATE_THREAD))
        needed = Perm.CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else Perm.CREATE_PUBLIC_THREADS
        self.fake.require(channel, needed)
        thread = await self.fake.create_thread(
            channel,
            self.fake.bot_user,
            body["name"],
            kind=kind,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        return 201, thread.to_payload() | {"member": self.fake._thread_member_payload(thread, self.fake.bot_user)}

    async def create_thread_from_message(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self._message(req, channel)
        body = req.body or {}
        self.fake.require(channel, Perm.CREATE_PUBLIC_THREADS)
        thread = await self.fake.create_thread(
            channel,
            self.fake.bot_user,
            body["name"],
            kind=PUBLIC_THREAD,
            from_message=msg,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        return 201, thread.to_payload() | {"member": self.fake._thread_member_payload(thread, self.fake.bot_user)}

    def _thread(self, req: Request) -> FakeChannel:
        channel = self._channel(req)
        if not channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _user_id(self, req: Request) -> int:
        raw = req.params["user_id"]
        return self.fake.bot_user.id if raw == "@me" else int(raw)

    async def add_thread_member(self, req: Request) -> Any:
        thread = self._thread(req)
        user_id = self._user_id(req)
        if user_id not in self.fake.users:
            raise unknown("User")
        thread.thread_members.add(user_id)
        return None

    async def remove_thread_member(self, req: Request) -> Any:
        thread = self._thread(req)
        thread.thread_members.discard(self._user_id(req))
        return None

    async def get_thread_member(self, req: Request) -> Any:
        thread = self._thread(req)
        user_id = self._user_id(req)
        if user_id not in thread.thread_members:
            raise ApiError(404, 10033, "Unknown thread member")
        return self.fake._thread_member_payload(thread, self.fake.users[user_id])

    # --- interactions --------------------------------------------------------------------------------------
    async def callback(self, req: Request) -> Any:
        handle = self.fake.interactions.get(int(req.params["interaction_id"]))
        if handle is None or handle.token != req.params["interaction_token"]:
            raise unknown("interaction")
        body = req.body or {}
        attachments, contents = self._attachments(req)
        response = await self.fake.interaction_callback(handle, body, attachments, contents)
        if req.query.get("with_response") in ("1", "true", "True"):
            return response
        return None

    def _interaction(self, req: Request) -> Any:
        return self.fake.interaction_by_token(int(req.params["application_id"]), req.params["interaction_token"])

    async def post_followup(self, req: Request) -> Any:
        handle = self._interaction(req)
        attachments, contents = self._attachments(req)
        msg = await self.fake.followup(handle, req.body or {}, attachments, contents)
        if req.query.get("wait") in ("1", "true", "True"):
            return self.fake.message_payload(msg)
        return None

    async def get_webhook_message(self, req: Request) -> Any:
        handle = self._interaction(req)
        return self.fake.message_payload(
            self.fake.interaction_message(handle, req.params.get("message_id", "@original"))
        )

    async def patch_webhook_message(self, req: Request) -> Any:
        handle = self._interaction(req)
        msg = self.fake.interaction_message(handle, req.params.get("message_id", "@original"))
        attachments, contents = self._attachments(req)
        body = dict(self._body_without_new_attachments(req.body or {}))
        if msg.flags & EPHEMERAL:
            body.pop("flags", None)
        await self.fake.edit_message(msg, body, attachments, contents)
        return self.fake.message_payload(msg)

    async def delete_webhook_message(self, req: Request) -> Any:
        handle = self._interaction(req)
        msg = self.fake.interaction_message(handle, req.params.get("message_id", "@original"))
        await self.fake.delete_message(msg)
        return None
