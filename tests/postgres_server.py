"""A real PostgreSQL server for the tests, started from Debian's postgresql package in a temporary directory (in
memory, on /dev/shm, where there is room).

One server per test session (per xdist worker): `initdb` and `pg_ctl start` on a free port of 127.0.0.1 and a
unix socket in the same directory, with durability off (fsync, full-page writes, synchronous commit: a test
database never outlives the run). PostgreSQL refuses to run as root, and CI runs as root: then the directory is
given to the `postgres` system user and the server runs as that user (`runuser`). Each test gets a database at the
current schema with nothing in it: the session's one test database, migrated once and emptied before each test
(`new_database`); a test that needs a database with no schema at all asks for one of its own (`empty_database`).

`POSTGRES_BIN` may name another bin folder (where Debian's is absent). Without the binaries, PostgreSQL tests
fail with a message saying what to install when CI is set (.ci/run installs them), and are skipped otherwise.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from bot.storage.postgres import SCHEMA_VERSION, PostgresStore

TESTS = "anthology_tests"
PREFIX = "anthology-pg-"
OWNER = "owner.pid"
"""The file in a server's folder that names the test process it belongs to."""
EMPTY_ALL = """
DO $$
DECLARE
    name text;
BEGIN
    PERFORM pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid();
    FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_version' LOOP
        EXECUTE format('DELETE FROM %I', name);
    END LOOP;
    FOR name IN SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' LOOP
        EXECUTE format('ALTER SEQUENCE %I RESTART', name);
    END LOOP;
    UPDATE schema_version SET version = {version};
END
$$
"""
SUPERUSER = "postgres"
POSTGRES_BIN = "POSTGRES_BIN"
"""The environment variable that may name the folder of PostgreSQL's server binaries."""
SERVER_OPTIONS = (
    "-c fsync=off -c full_page_writes=off -c synchronous_commit=off -c shared_buffers=32MB"
    " -c max_connections=200 -c log_min_messages=warning -c logging_collector=off"
)


class PostgresMissing(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def find_binaries() -> Path:
    """The bin folder `POSTGRES_BIN` names (a PostgreSQL installed elsewhere, by pip say), else that of the newest
    PostgreSQL installed (Debian keeps them in /usr/lib/postgresql/<major>/bin), else the one on the PATH."""
    named = os.environ.get(POSTGRES_BIN, "").strip()
    if named:
        folder = Path(named).expanduser()
        if not all((folder / program).is_file() for program in ("initdb", "pg_ctl", "postgres")):
            raise PostgresMissing(f"{POSTGRES_BIN}={named} holds no initdb, pg_ctl and postgres.")
        return folder
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda path: int(Path(path).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).resolve().parent
    raise PostgresMissing(
        "PostgreSQL's server binaries (initdb, pg_ctl) are not installed; "
        "install them with `apt-get install -y postgresql` (.ci/run does)."
    )


def memory_folder() -> str | None:
    """/dev/shm when it is a roomy tmpfs (initdb there takes a third of the time it takes on disk), else None: the
    usual temporary folder (a container's /dev/shm is often 64 MB, too small for a cluster)."""
    try:
        roomy = shutil.disk_usage("/dev/shm").free > 1 << 30
    except OSError:
        return None
    return "/dev/shm" if roomy and os.access("/dev/shm", os.W_OK) else None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class PostgresServer:
    """A running server; `new_database` gives each test a database of its own."""

    root: Path
    binaries: Path
    port: int
    run_as: str | None
    _names: itertools.count = field(default_factory=lambda: itertools.count(1))
    _migrated: bool = False

    @classmethod
    def start(cls, settings: str = SERVER_OPTIONS) -> PostgresServer:
        """Start a server with these settings (`-c name=value ...`; by default durability off, for tests)."""
        binaries = find_binaries()
        run_as = None
        if os.geteuid() == 0:
            run_as = "postgres"
            try:
                account = pwd.getpwnam(run_as)
            except KeyError:
                raise PostgresMissing("running as root, and there is no `postgres` user to run PostgreSQL as") from None
        cls.stop_abandoned(binaries, run_as)
        root = Path(tempfile.mkdtemp(prefix=PREFIX, dir=memory_folder()))
        (root / OWNER).write_text(str(os.getpid()))
        if run_as is not None:
            os.chown(root, account.pw_uid, account.pw_gid)
        server = cls(root, binaries, 0, run_as)
        try:
            server._run(
                "initdb", "-D", str(root / "data"), "-U", SUPERUSER, "--auth=trust", "--no-sync", "-E", "UTF8",
                "--locale=C.UTF-8", "--no-instructions",
            )  # fmt: skip
            for attempt in range(3):  # another process may take the free port before the server does
                server.port = free_port()
                try:
                    server._run(
                        "pg_ctl", "-D", str(root / "data"), "-l", str(root / "server.log"), "-w", "-t", "30",
                        "-o", f"-p {server.port} -c listen_addresses=127.0.0.1 -k {root} {settings}",
                        "start",
                    )  # fmt: skip
                    break
                except subprocess.CalledProcessError:
                    if attempt == 2:
                        raise
        except BaseException as error:
            log = (root / "server.log").read_text(errors="replace") if (root / "server.log").exists() else ""
            shutil.rmtree(root, ignore_errors=True)
            if isinstance(error, subprocess.CalledProcessError):
                raise RuntimeError(f"could not start PostgreSQL: {error.stderr}\n{log}") from None
            raise
        return server

    @classmethod
    def stop_abandoned(cls, binaries: Path, run_as: str | None) -> None:
        """Stop and remove the servers of test processes that ended without stopping theirs (killed workers)."""
        for folder in {memory_folder() or tempfile.gettempdir(), tempfile.gettempdir()}:
            for root in Path(folder).glob(f"{PREFIX}*"):
                try:
                    owner = int((root / OWNER).read_text())
                except (OSError, ValueError):
                    continue  # being made, or not ours
                try:
                    os.kill(owner, 0)
                except ProcessLookupError:
                    cls(root, binaries, 0, run_as).stop()
                except PermissionError:
                    pass  # alive, someone else's

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    @property
    def version(self) -> str:
        """The server's version, as `postgres --version` gives it (e.g. "15.18")."""
        said = subprocess.run(
            [str(self.binaries / "postgres"), "--version"], check=True, capture_output=True, text=True
        ).stdout
        return said.partition(")")[2].split()[0]  # "postgres (PostgreSQL) 15.18 (Debian ...)"

    async def fresh_database(self, name: str) -> str:
        """A new database of this name at the current schema (one left by an earlier run is dropped first);
        returns its URL."""
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        migrated = await PostgresStore.open(self.url(name), pool_size=1)
        await migrated.close()
        return self.url(name)

    async def new_database(self) -> str:
        """A database at the current schema with nothing in it, as a fresh one is; returns its URL.

        The session's one test database, emptied rather than made anew (CREATE DATABASE copies the template's
        files: 25 ms on an idle machine, ten times that on two busy cores; emptying takes 2-3 ms): whatever a test
        left connected is cut off, every table emptied, every identity restarted, the schema version set back."""
        if not self._migrated:
            await self.fresh_database(TESTS)
            self._migrated = True
        connection = await asyncpg.connect(self.url(TESTS))
        try:
            await connection.execute(EMPTY_ALL.replace("{version}", str(SCHEMA_VERSION)))
        finally:
            await connection.close()
        return self.url(TESTS)

    async def empty_database(self) -> str:
        """A database with nothing in it (no schema at all); returns its URL."""
        name = f"empty_{os.getpid()}_{next(self._names)}"
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {url.rpartition('/')[2]} WITH (FORCE)")
        finally:
            await admin.close()

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.binaries / program), *arguments]
        if self.run_as is not None:
            command = ["runuser", "-u", self.run_as, "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True, timeout=60, cwd=self.root)
