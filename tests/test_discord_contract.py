"""Discord's own contract in the fake: every body the bot sends is checked against Discord's OpenAPI description
(tests/fakediscord/contract.py), commands also against Discord's documented limits, and a body Discord would refuse
is answered 400 50035 and kept for the teardown in tests/conftest.py, which fails the test."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest
from fakediscord import FakeDiscord
from fakediscord.contract import QUIRKS, Violation, discord_contract, pending_violations


def check(method: str, path: str, body: Any) -> tuple[str | None, list[tuple[str, str]]]:
    operation, violations = discord_contract().check(method, path, body)
    return operation, [(v.pointer, v.reason) for v in violations]


def test_a_body_against_the_description_is_refused_with_its_place_and_reason() -> None:
    assert check("POST", "/channels/1/messages", {"content": "hi", "embeds": [{"title": 5}]}) == (
        "create_message",
        [("/embeds/0/title", '5 is not of types "null", "string"')],
    )
    violation = Violation("POST", "/channels/1/messages", "create_message", "/embeds/0/title", "5 is not a string")
    assert str(violation) == "POST /channels/1/messages (create_message): at /embeds/0/title: 5 is not a string"


def test_a_failure_inside_a_union_is_explained_by_the_branch_the_body_meant() -> None:
    button = {"type": 2, "style": 1, "label": "x" * 81, "custom_id": "join"}
    body = {"type": 4, "data": {"content": "hi", "components": [{"type": 1, "components": [button]}]}}
    operation, found = check("POST", "/interactions/1/token/callback", body)
    assert operation == "create_interaction_response"
    assert found == [("/data/components/0/components/0/label", f'"{"x" * 81}" is longer than 80 characters')]


def test_each_request_finds_its_own_operation() -> None:
    contract = discord_contract()
    assert contract.operation("PATCH", "/webhooks/1/token/messages/@original").operation_id == (
        "update_original_webhook_message"
    )
    assert contract.operation("PATCH", "/webhooks/1/token/messages/2").operation_id == "update_webhook_message"
    assert contract.operation("PUT", "/channels/1/thread-members/@me").operation_id == "join_thread"
    assert check("GET", "/channels/1/nowhere", None) == (
        None,
        [("", "no operation in Discord's API description matches")],
    )
    assert check("POST", "/channels/1/typing", {"x": 1}) == (
        "trigger_typing_indicator",
        [("", "this operation takes no body")],
    )


def test_snowflakes_sent_as_integers_are_the_one_allowed_quirk() -> None:
    assert [quirk.name for quirk in QUIRKS] == ["snowflake sent as an integer"]
    assert check("POST", "/users/@me/channels", {"recipient_id": 80351110224678912}) == ("create_dm", [])
    message = {
        "content": "<@1>",
        "allowed_mentions": {"users": [1, 2], "roles": [3]},
        "message_reference": {"message_id": 4, "channel_id": 5, "guild_id": 6},
    }
    assert check("POST", "/channels/5/messages", message) == ("create_message", [])
    # What is not an id stays refused: a string that is no number, a negative number, a boolean.
    for not_an_id in ("alice", -1, True):
        _, found = check("POST", "/users/@me/channels", {"recipient_id": not_an_id})
        assert [pointer for pointer, _ in found] == ["/recipient_id"]


def command(**fields: Any) -> dict[str, Any]:
    return {"name": "play", "description": "Start a game", **fields}


def string_option(name: str, description: str = "d", **fields: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": description, **fields}


def choices(count: int, value_length: int = 100) -> list[dict[str, str]]:
    return [{"name": f"{i:02}" + "n" * 98, "value": f"{i:02}" + "v" * (value_length - 2)} for i in range(count)]


def register(commands: list[dict[str, Any]]) -> list[tuple[str, str]]:
    operation, found = check("PUT", "/applications/1/commands", commands)
    assert operation == "bulk_set_application_commands"
    return found


def test_the_record_table_option_past_discords_largest_integer_is_refused() -> None:
    table = {"type": 4, "name": "table", "description": "d", "min_value": 1, "max_value": 2**53}
    assert register([command(options=[table])]) == [
        ("/0/options/0/max_value", "9007199254740992 is greater than the maximum of 9007199254740991")
    ]
    assert register([command(options=[{**table, "max_value": 2**53 - 1}])]) == []


@pytest.mark.parametrize(
    ("fields", "pointer", "reason"),
    [
        ({"name": "Play"}, "/0/name", "Command name is invalid ('Play')"),
        ({"name": "play now"}, "/0/name", "Command name is invalid ('play now')"),
        ({"name": "p" * 33}, "/0/name", f'"{"p" * 33}" is longer than 32 characters'),
        ({"description": ""}, "/0/description", "Must be 1 or more in length."),
        ({"description": "d" * 101}, "/0/description", f'"{"d" * 101}" is longer than 100 characters'),
        ({"options": [string_option(f"o{i}") for i in range(26)]}, "/0/options", "has more than 25 items"),
        ({"options": [string_option("o", choices=choices(26, 2))]}, "/0/options/0/choices", "has more than 25 items"),
        ({"options": [string_option("Card")]}, "/0/options/0/name", "Command name is invalid ('Card')"),
    ],
)
def test_a_command_past_one_of_discords_limits_is_refused(fields: dict[str, Any], pointer: str, reason: str) -> None:
    found = register([command(**fields)])
    assert len(found) == 1
    assert found[0][0] == pointer
    assert reason in found[0][1]


def test_names_in_every_script_discords_pattern_allows_pass() -> None:
    names = ["पढ़ें", "ดูไพ่", "ставка", "carte_2", "l'as", "三"]
    assert register([command(name=name) for name in names]) == []


def test_a_command_may_hold_8000_characters_and_not_one_more() -> None:
    # "play" + "Start a game" (16), option "a" + "d" (2) with 25 choices of 100 + 100 (5,000), option "b" + "d" (2)
    # with 14 such choices (2,800) and one of 100 + 80 (180): 8,000 characters.
    full = command(
        options=[
            string_option("a", choices=choices(25)),
            string_option("b", choices=[*choices(14), {"name": "99" + "n" * 98, "value": "v" * 80}]),
        ]
    )
    assert register([full]) == []
    # A localisation counts at its longest: a two-character description of "b" makes it 8,001.
    full["options"][1]["description_localizations"] = {"fr": "dd"}
    assert register([full]) == [("/0", "Command exceeds maximum size (8000)")]


@pytest.fixture
async def fake() -> Any:
    async with FakeDiscord() as fake:
        yield fake


async def send(fake: FakeDiscord, method: str, path: str, **request: Any) -> tuple[int, Any]:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.api_base + path, headers=headers, **request) as response,
    ):
        return response.status, await response.json()


async def test_the_fake_refuses_a_bad_body_as_discord_does_and_keeps_it_to_fail_the_test(fake: FakeDiscord) -> None:
    games = fake.create_guild().create_text_channel("games")
    status, answer = await send(fake, "POST", f"/channels/{games.id}/messages", json={"embeds": [{"title": 5}]})
    assert status == 400 and answer["code"] == 50035
    assert answer["errors"]["embeds"]["0"]["title"]["_errors"][0]["message"] == '5 is not of types "null", "string"'
    assert fake.channel_messages(games) == []
    # Whether or not the bot looked at the answer, the teardown fails the test with what is kept here.
    assert [str(v) for v in pending_violations] == [
        f'POST /channels/{games.id}/messages (create_message): at /embeds/0/title: 5 is not of types "null", "string"'
    ]
    assert fake.contract_violations == pending_violations
    pending_violations.clear()


async def test_a_multipart_body_is_checked_by_its_payload_json(fake: FakeDiscord) -> None:
    games = fake.create_guild().create_text_channel("games")
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"content": "x", "attachments": [{"id": 0, "filename": 7}]}')
    form.add_field("files[0]", b"hello", filename="a.txt")
    status, _ = await send(fake, "POST", f"/channels/{games.id}/messages", data=form)
    assert status == 400
    assert [v.pointer for v in pending_violations] == ["/attachments/0/filename"]
    pending_violations.clear()


async def test_a_test_that_sends_bad_bodies_on_purpose_sees_them_answered_without_failing(fake: FakeDiscord) -> None:
    games = fake.create_guild().create_text_channel("games")
    fake.expect_invalid_bodies()
    status, _ = await send(fake, "POST", f"/channels/{games.id}/messages", json={"content": 5})
    assert status == 400
    assert [v.pointer for v in fake.contract_violations] == ["/content"]
    assert pending_violations == []


async def test_a_limit_discord_documents_outside_its_description_is_kept_the_same_way(fake: FakeDiscord) -> None:
    # The description lets message content run to 4,000 characters; a bot's message stops at 2,000.
    games = fake.create_guild().create_text_channel("games")
    status, answer = await send(fake, "POST", f"/channels/{games.id}/messages", json={"content": "x" * 2001})
    assert status == 400 and answer["code"] == 50035
    assert [(v.operation_id, v.pointer, v.reason) for v in pending_violations] == [
        ("create_message", "/content", "Must be 2000 or fewer in length.")
    ]
    pending_violations.clear()
