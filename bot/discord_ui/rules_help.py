"""/rules by topic: a game's rules help (docs/rules/<game>.md, then docs/rules/seats.md, which every game shares)
read into topics, each reflowed for Discord and cut into pages that fit its limits, and the private message that
shows one page with a select of the game's topics (and buttons to turn a long topic's pages).

A help file is `# Title`, a front section, then `## ` topics. The front section and the `## Overview` topic make
the overview that `/rules game:` opens with; every other `## ` topic is one topic, and the shared file is one
topic after them. The files keep their hard line breaks, which Discord would show as breaks mid-sentence: a
paragraph or a list item is joined into one line here (a line that goes on an item is indented; a line that is
not starts a new paragraph). A topic longer than a page is cut between paragraphs or items, or failing that
between sentences, never inside one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.catalogue import Game
from bot.discord_ui.components import Controls, RulesPageButton, RulesTopicSelect
from bot.discord_ui.limits import EMBED_DESCRIPTION, OPTION_LABEL, SELECT_OPTIONS, fit_text
from bot.discord_ui.wording import as_code

OVERVIEW = "overview"
"""The key of the overview topic, and the title of the section of a help file that goes into it."""
TOPIC_KEY_LIMIT = 40
"""A topic's key is in a custom_id, which Discord caps at 100 characters."""
LIST_ITEM = re.compile(r"(?:[-*]|\d+\.) ")
SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+")


@dataclass(frozen=True)
class HelpTopic:
    """One topic of a game's rules help: its key (in custom_ids and /rules topic:), title and pages of text."""

    key: str
    title: str
    pages: tuple[str, ...]


def topic_key(title: str) -> str:
    """A title as a short key: "Reading the picture" -> "reading-the-picture"."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:TOPIC_KEY_LIMIT].strip("-") or "topic"


def reflowed_blocks(markdown: str) -> list[str]:
    """The paragraphs and list items of some markdown, each on one line (list items keep their marker)."""
    blocks: list[str] = []
    open_block: str | None = None
    in_item = False
    for line in markdown.splitlines():
        stripped = line.strip()
        if not stripped:
            open_block = None
            continue
        starts_item = LIST_ITEM.match(stripped) is not None
        goes_on = open_block is not None and not starts_item and (not in_item or line[:1].isspace())
        if goes_on:
            blocks[-1] = f"{blocks[-1]} {stripped}"
            continue
        blocks.append(stripped)
        open_block, in_item = stripped, starts_item
    return blocks


def joined(blocks: list[str]) -> str:
    """Blocks as a page's text: a list item under the line before it, a paragraph after a blank line."""
    text = ""
    for block in blocks:
        if text:
            text += "\n" if LIST_ITEM.match(block) else "\n\n"
        text += block
    return text


def pages_of(blocks: list[str], limit: int = EMBED_DESCRIPTION) -> tuple[str, ...]:
    """The blocks on as few pages of at most `limit` characters as they fill, each block whole where it fits."""
    pieces = [piece for block in blocks for piece in _within(block, limit)]
    pages: list[list[str]] = [[]]
    for piece in pieces:
        if pages[-1] and len(joined([*pages[-1], piece])) > limit:
            pages.append([])
        pages[-1].append(piece)
    # A topic with no text still has a page, which shows its title.
    return tuple(joined(page) for page in pages)


def _within(block: str, limit: int) -> list[str]:
    """A block too long for a page, cut between sentences (or, for a sentence longer than a page, words)."""
    if len(block) <= limit:
        return [block]
    pieces = [""]
    for sentence in SENTENCE_END.split(block):
        for word in sentence.split(" ") if len(sentence) > limit else [sentence]:
            gap = " " if pieces[-1] else ""
            if len(pieces[-1]) + len(gap) + len(word) > limit:
                pieces.append("")
                gap = ""
            pieces[-1] += gap + word
    return pieces


def _sections(markdown: str) -> tuple[str, str, list[tuple[str, str]]]:
    """A help file's title, its front section and its `## ` sections (title, markdown)."""
    title, front, sections = "", [], []
    for line in markdown.splitlines():
        if line.startswith("# ") and not title:
            title = line[2:].strip()
        elif line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif sections:
            sections[-1][1].append(line)
        else:
            front.append(line)
    return title, "\n".join(front), [(name, "\n".join(lines)) for name, lines in sections]


def help_topics(game: Game) -> tuple[HelpTopic, ...]:
    """A game's topics: the overview first, then its own in the file's order, then the one every game shares."""
    _, front, sections = _sections(game.rules_help)
    overview = reflowed_blocks(front)
    topics = []
    for title, text in sections:
        if title.lower() == OVERVIEW:
            overview += reflowed_blocks(text)
        else:
            topics.append(HelpTopic(topic_key(title), title, pages_of(reflowed_blocks(text))))
    shared_title, shared_front, shared_sections = _sections(game.seats_help)
    shared = reflowed_blocks(shared_front)
    for title, text in shared_sections:
        shared += [f"**{title}**", *reflowed_blocks(text)]
    return (
        HelpTopic(OVERVIEW, "Overview", pages_of(overview)),
        *topics,
        HelpTopic(topic_key(shared_title), shared_title, pages_of(shared)),
    )


class RulesHelp:
    """Every game's help topics, read once at start-up, and the /rules messages drawn from them."""

    def __init__(self, games: Mapping[str, Game]) -> None:
        self.games = games
        self.topics = {key: help_topics(game) for key, game in games.items()}

    def topic(self, game_key: str, typed: str) -> HelpTopic | None:
        """The game's topic with this key or title (any case); the overview for nothing typed."""
        wanted = typed.strip().lower() or OVERVIEW
        return next(
            (topic for topic in self.topics[game_key] if wanted in (topic.key, topic.title.lower())),
            None,
        )

    def suggestions(self, game_key: str, typed: str) -> list[app_commands.Choice[str]]:
        """The game's topics whose title has what is typed in it, for /rules topic:'s autocomplete."""
        wanted = typed.strip().lower()
        return [
            app_commands.Choice(name=topic.title, value=topic.key)
            for topic in self.topics.get(game_key, ())
            if wanted in topic.title.lower()
        ][:SELECT_OPTIONS]

    def message(self, game_key: str, topic: HelpTopic, page: int = 0) -> dict:
        """The send or edit keywords that show page `page` of the topic, with the select of every topic."""
        game = self.games[game_key]
        page = min(max(page, 0), len(topic.pages) - 1)
        title = f"How to play {game.title}" if topic.key == OVERVIEW else f"{game.title}: {topic.title}"
        embed = discord.Embed(title=title, description=topic.pages[page], colour=discord.Colour.blurple())
        if len(topic.pages) > 1:
            embed.set_footer(text=f"Page {page + 1} of {len(topic.pages)}")
        controls = Controls()
        choices = [(fit_text(each.title, OPTION_LABEL), each.key) for each in self.topics[game_key]]
        controls.add_item(RulesTopicSelect(game_key, choices, topic.key))
        last = len(topic.pages) - 1
        if last:
            back, on = max(page - 1, 0), min(page + 1, last)
            controls.add_item(RulesPageButton(game_key, topic.key, back, "◀ Previous", disabled=page == 0))
            controls.add_item(RulesPageButton(game_key, topic.key, on, "Next ▶", disabled=page == last))
        return {"embed": embed, "view": controls}

    def _unknown_topic(self, game_key: str, typed: str) -> str:
        titles = ", ".join(topic.title for topic in self.topics[game_key])
        return f"{self.games[game_key].title}'s rules have no topic {as_code(typed)}. Its topics: {titles}."

    async def show(self, interaction: discord.Interaction, game_key: str, typed: str) -> None:
        """/rules game: [topic:]: the topic (or the overview), privately."""
        topic = self.topic(game_key, typed)
        if topic is None:
            await interaction.response.send_message(self._unknown_topic(game_key, typed), ephemeral=True)
            return
        await interaction.response.send_message(**self.message(game_key, topic), ephemeral=True)

    async def turned_to(self, interaction: discord.Interaction, game_key: str, topic_key: str, page: int) -> None:
        """A topic picked from the select, or a page turned: shown in place of the message clicked."""
        topic = self.topic(game_key, topic_key) if game_key in self.topics else None
        if topic is None:
            await interaction.response.send_message(NO_LONGER, ephemeral=True)
            return
        await interaction.response.edit_message(**self.message(game_key, topic, page))


NO_LONGER = "That topic is no longer in the rules help. Nothing changed; use /rules again to see the topics."
