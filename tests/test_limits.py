"""Every message the bot builds fits Discord's limits, whatever text went into it."""

from __future__ import annotations

import discord
from hypothesis import given
from hypothesis import strategies as st

from bot.discord_ui import limits
from bot.discord_ui.limits import fit_message

long_text = st.text(min_size=0, max_size=5000) | st.text(alphabet="🃏é漢<@*_`>", min_size=0, max_size=3000)


@st.composite
def embeds(draw: st.DrawFn) -> discord.Embed:
    embed = discord.Embed(title=draw(long_text) or None, description=draw(long_text) or None)
    for _ in range(draw(st.integers(0, 40))):
        embed.add_field(name=draw(long_text), value=draw(long_text), inline=draw(st.booleans()))
    footer = draw(long_text)
    if footer:
        embed.set_footer(text=footer)
    return embed


def within_limits(embed: discord.Embed) -> bool:
    return (
        len(embed.title or "") <= limits.EMBED_TITLE
        and len(embed.description or "") <= limits.EMBED_DESCRIPTION
        and len(embed.fields) <= limits.EMBED_FIELDS
        and all(0 < len(field.name) <= limits.FIELD_NAME for field in embed.fields)
        and all(0 < len(field.value) <= limits.FIELD_VALUE for field in embed.fields)
        and len(embed.footer.text or "") <= limits.EMBED_FOOTER
        and len(embed) <= limits.EMBED_TOTAL
    )


@given(embeds(), long_text)
def test_any_message_is_made_to_fit(embed: discord.Embed, content: str):
    fitted = fit_message({"content": content, "embed": embed})
    assert len(fitted["content"] or "") <= limits.CONTENT
    assert within_limits(fitted["embed"])


def test_a_message_that_fits_is_left_as_it_is():
    embed = discord.Embed(title="Anarchy", description="Trump: **5s**")
    embed.add_field(name="Players", value="<@1>: 4 cards")
    before = embed.to_dict()
    assert fit_message({"content": "hello", "embed": embed}) == {"content": "hello", "embed": embed}
    assert embed.to_dict() == before


def test_a_cut_text_says_it_was_cut():
    assert limits.fit_text("x" * 3000, 2000) == "x" * 1999 + "…"
