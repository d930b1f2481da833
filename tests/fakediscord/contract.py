"""Discord's own contract for what the bot sends: every REST request body checked against Discord's official OpenAPI
description (vendored in ``discord_api_spec/``), and application commands also against Discord's documented limits.
The limits Discord documents outside its description (a bot's message content of 2,000 characters, embeds' 6,000,
a command's 8,000; validation.py) are kept the same way when the fake refuses a body for them.

The fake finds the operation a request matches (method and path, as Discord routes it), validates the JSON body (for
a multipart request, its ``payload_json`` part) with a JSON Schema Draft 2020-12 validator (jsonschema-rs: the
suite sends thousands of bodies, and a pure-Python validator spent milliseconds on each) built once per operation,
and answers a body that fails with 400 50035 as Discord would. Each failure is also kept in ``pending_violations``,
which a test's teardown (tests/conftest.py) turns into a failure, so a bot that swallows the HTTP error still fails
its test. The only leniency is ``QUIRKS``: discord.py's own harmless habits, each allowed by name.

With the environment variable ``FAKEDISCORD_OPERATIONS_LOG`` set to a file name, each process appends the ids of the
operations it saw to that file when it exits; the distinct operations a whole run exercised are then
``FAKEDISCORD_OPERATIONS_LOG=/tmp/ops .venv/bin/pytest && sort -u /tmp/ops | wc -l``.
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema_rs

from .validation import error_body, validate_commands

SPEC_PATH = Path(__file__).with_name("discord_api_spec") / "openapi.json"
_SPEC_URI = "urn:discord-api-spec"
_METHODS = ("get", "put", "post", "patch", "delete")
_COMMAND_OPERATIONS = {
    "bulk_set_application_commands": "list",
    "bulk_set_guild_application_commands": "list",
    "create_application_command": "one",
    "create_guild_application_command": "one",
}
"""Operations that register commands, and whether the body is a list of commands or one command."""


@dataclass(frozen=True)
class Violation:
    """One way a request body breaks Discord's contract: where in the body (a JSON pointer) and why."""

    method: str
    path: str
    operation_id: str | None
    pointer: str
    reason: str

    def __str__(self) -> str:
        return f"{self.method} {self.path} ({self.operation_id}): at {self.pointer or '/'}: {self.reason}"


@dataclass(frozen=True)
class Quirk:
    """A harmless habit of discord.py that Discord's description does not allow, and the one schema it widens."""

    name: str
    schema: str  # a name in the description's components/schemas
    widened: Callable[[dict[str, Any]], dict[str, Any]]  # the schema as given -> the schema that also takes the quirk


QUIRKS: list[Quirk] = [
    # discord.py 2.7 writes ids it holds as ints as JSON numbers where the description says a snowflake string:
    # ``recipient_id`` when it opens a DM (HTTPClient.start_private_message), ``allowed_mentions.users``/``roles``
    # (AllowedMentions.to_dict) and ``message_reference.message_id``/``channel_id``/``guild_id`` of a reply
    # (Message.to_message_reference_dict). Discord accepts either form; discord.py bots have sent ints for years.
    Quirk(
        "snowflake sent as an integer",
        "SnowflakeType",
        lambda snowflake: {"anyOf": [snowflake, {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}]},
    ),
]


def _with_quirks(spec: dict[str, Any]) -> dict[str, Any]:
    schemas = dict(spec["components"]["schemas"])
    for quirk in QUIRKS:
        schemas[quirk.schema] = quirk.widened(schemas[quirk.schema])
    return {**spec, "components": {**spec["components"], "schemas": schemas}}


@dataclass
class Operation:
    """One operation of Discord's API: ``template`` is its path in the description ("/channels/{channel_id}")."""

    operation_id: str
    method: str
    template: str
    pattern: re.Pattern[str]
    body_pointer: str | None  # where the description keeps the JSON body's schema
    registry: jsonschema_rs.Registry

    @functools.cached_property
    def validator(self) -> jsonschema_rs.Validator:
        reference = f"{_SPEC_URI}#{quote(self.body_pointer or '', safe='/~')}"
        return jsonschema_rs.Draft202012Validator({"$ref": reference}, registry=self.registry)

    def violations(self, path: str, body: Any) -> list[Violation]:
        """Every way ``body`` breaks the operation's schema (none for an operation that takes no body)."""
        if self.body_pointer is None:
            if body is None:
                return []
            return [Violation(self.method, path, self.operation_id, "", "this operation takes no body")]
        if self.validator.is_valid(body):
            return []
        return [
            Violation(self.method, path, self.operation_id, _pointer(cause), _reason(cause))
            for error in self.validator.iter_errors(body)
            for cause in _causes(error)
        ]


def _pointer(error: jsonschema_rs.ValidationError) -> str:
    return "".join(f"/{part}" for part in error.instance_path)


def _causes(error: jsonschema_rs.ValidationError) -> list[jsonschema_rs.ValidationError]:
    """What to report for an error: itself, or for a failed oneOf/anyOf the errors of the branch the body most
    likely meant (not just "null", its discriminating ``type`` or enum fits, the fewest and deepest errors)."""
    branches = [branch for branch in getattr(error.kind, "context", None) or [] if branch]
    if not branches:
        return [error]
    depth = len(error.instance_path)

    def unlikely(errors: list[jsonschema_rs.ValidationError]) -> tuple[bool, bool, int, int]:
        only_null = all(e.kind.name == "type" and e.kind.value == ["null"] for e in errors)
        wrong_kind = any(e.kind.name in ("enum", "const", "type") and len(e.instance_path) <= depth + 1 for e in errors)
        return only_null, wrong_kind, len(errors), -max(len(e.instance_path) for e in errors)

    return [cause for sub in min(branches, key=unlikely) for cause in _causes(sub)]


def _reason(error: jsonschema_rs.ValidationError) -> str:
    """The validator's message ("<the instance> is longer than 80 characters"), a long instance cut short."""
    if len(error.message) <= 200:
        return error.message
    verdict = max(error.message.rfind(verb) for verb in (" is ", " has ", " does "))
    shown = json.dumps(error.instance, ensure_ascii=False)
    size = f"{len(error.instance)} {'characters' if isinstance(error.instance, str) else 'items'}"
    return f"{shown[:40]}… ({size}){error.message[verdict:]}"


class DiscordContract:
    """The operations of Discord's description, found by method and concrete path."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.version = f"{spec['info']['title']} v{spec['info']['version']}"
        self.registry = jsonschema_rs.Registry([(_SPEC_URI, _with_quirks(spec))], draft=jsonschema_rs.Draft202012)
        self.operations: list[Operation] = []
        for template, item in spec["paths"].items():
            regex = "^" + re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template)) + "$"
            for method in _METHODS:
                if method in item:
                    op = item[method]
                    self.operations.append(
                        Operation(
                            op["operationId"],
                            method.upper(),
                            template,
                            re.compile(regex),
                            _json_body_pointer(template, method, op),
                            self.registry,
                        )
                    )
        # A path with fewer parameters is the more specific one ("/messages/@original" before "/messages/{id}").
        self.operations.sort(key=lambda o: o.template.count("{"))

    def operation(self, method: str, path: str) -> Operation | None:
        return next((o for o in self.operations if o.method == method and o.pattern.match(path)), None)

    def check(self, method: str, path: str, body: Any) -> tuple[str | None, list[Violation]]:
        """The operation id the request matches, and every way its body breaks the contract."""
        operation = self.operation(method, path)
        if operation is None:
            return None, [Violation(method, path, None, "", "no operation in Discord's API description matches")]
        found = operation.violations(path, body)
        shape = _COMMAND_OPERATIONS.get(operation.operation_id)
        if shape is not None and not found:
            commands = body if shape == "list" else [body]
            for where, _code, message in validate_commands(commands):
                pointer = "/" + "/".join(where if shape == "list" else where[1:])
                found.append(Violation(method, path, operation.operation_id, pointer.rstrip("/"), message))
        seen_operations.add(operation.operation_id)
        return operation.operation_id, found


def _json_body_pointer(template: str, method: str, operation: dict[str, Any]) -> str | None:
    content = (operation.get("requestBody") or {}).get("content") or {}
    if "application/json" not in content:
        return None
    escaped = [part.replace("~", "~0").replace("/", "~1") for part in ("paths", template, method)]
    return "/" + "/".join(escaped) + "/requestBody/content/application~1json/schema"


@functools.cache
def discord_contract() -> DiscordContract:
    """The contract, read once per process (validators are then built once per operation, on first use)."""
    return DiscordContract(json.loads(SPEC_PATH.read_text()))


def contract_error_body(violations: list[Violation]) -> dict[str, Any]:
    """Discord's 400 50035 answer, each reason under its place in the body (discord.py names it "In a.0.b")."""
    return error_body([(tuple(v.pointer.split("/")[1:]), "INVALID_FORM_BODY", v.reason) for v in violations])


pending_violations: list[Violation] = []
"""Violations no test has answered for yet (the teardown in tests/conftest.py fails the test and clears them)."""

seen_operations: set[str] = set()
"""The operation ids this process's fakes have seen."""


def _log_operations(log: str) -> None:
    with open(log, "a") as out:
        out.writelines(f"{op}\n" for op in sorted(seen_operations))


if os.environ.get("FAKEDISCORD_OPERATIONS_LOG"):
    atexit.register(_log_operations, os.environ["FAKEDISCORD_OPERATIONS_LOG"])
