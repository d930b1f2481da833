"""End-to-end fixtures: a fresh fake Discord, world and database per test, with the bot running."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from anthology_driver import Anthology, running_anthology
from support import FakeClock


@pytest.fixture
async def anthology(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Anthology]:
    async with running_anthology(tmp_path, clock) as world:
        yield world
