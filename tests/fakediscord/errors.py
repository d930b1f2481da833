"""Errors: what the fake answers over HTTP (ApiError) and what it raises at a test that
scripts a user wrongly."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error answer with Discord's JSON body ``{"code": ..., "message": ...}``."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def unknown(kind: str) -> ApiError:
    codes = {
        "Channel": 10003,
        "Guild": 10004,
        "Member": 10007,
        "Message": 10008,
        "User": 10013,
        "Webhook": 10015,
        "interaction": 10062,
        "application command": 10063,
        "Emoji": 10014,
        "Role": 10011,
    }
    return ApiError(404, codes[kind], f"Unknown {kind}")


MISSING_ACCESS = (403, 50001, "Missing Access")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")


class ScriptError(AssertionError):
    """A scripted user tried something the Discord client would not let them do (a disabled or missing button,
    a command option that does not exist, a channel they cannot see...)."""
