"""Discord's ids as times: a snowflake's top bits are milliseconds since Discord's epoch, so ids order like the
moments they were made. A computer's typed move takes the snowflake of the moment it "typed" (given to the host
as its `arrival_of`), so it races players' messages fairly."""

from __future__ import annotations

from datetime import datetime

DISCORD_EPOCH_MS = 1_420_070_400_000
TIMESTAMP_SHIFT = 22


def snowflake_at(instant: datetime) -> int:
    """The lowest snowflake Discord could give a message made at `instant`."""
    milliseconds = int(instant.timestamp() * 1000) - DISCORD_EPOCH_MS
    return milliseconds << TIMESTAMP_SHIFT
