"""``groundgate``: run the embedded stack, ask a question, run a production worker or a
local broker, produce or tail raw events.

Every failure a user can meet is a ``GroundgateError`` (``app/errors.py``) and ends as one line on
stderr and its exit code, mapped in ``main`` alone; anything else is a bug, said in one line too
(``--debug`` shows the traceback).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import sys
import time
import traceback
from importlib import metadata, resources
from typing import Any

from app import errors, heap, logs
from app.domain.redact import redact
from app.errors import GroundgateError
from app.kafka import topics
from app.kafka.client import kafka_of, live_workers
from app.produce import produce
from app.settings import Settings
from app.tail import tail
from events.models import AnswerComposed, QueryReceived

log = logging.getLogger("groundgate")
DESCRIPTION = """\
groundgate checks every critical claim of an IT-operations assistant's answer against what its
tools returned, gives a weak answer one more evidence round, degrades a rejected one, and lets
only confirmed material reach the user. Every session is stored for audit.

Start with `groundgate run` (the demo questions on an embedded broker and store) or
`groundgate ask "…"`; in production, `groundgate worker` against your Kafka.
Exit codes: 0 done, 1 failed, 2 configuration or usage, 3 broker or store unreachable, 70 a bug."""
STORE_WAIT_S = 30.0
"""How long ``ask`` and ``run`` wait for the audit store to take their sessions before they stop
the embedded stack (whose broker keeps its log in memory: what is not stored then is gone)."""


class NoAnswer(GroundgateError):
    """A question got no answer within the timeout."""


def _setup_logging(settings: Settings, command: str, quiet_kafka: bool = False) -> None:
    """One format for every process (``app/logs.py``); a client command logs only warnings, and
    with ``quiet_kafka`` its own line says what went wrong with the broker."""
    level = settings.log_level if command in ("worker", "audit") else "WARNING"
    logs.configure(level, settings.log_format, process=command, quiet=("aiokafka",) if quiet_kafka else ())


def _print_answer(a: AnswerComposed, query: str) -> None:
    print("─" * 78)
    print(f"Q [{a.session_id}]: {query}")
    print(f"verdict={a.verdict} score={a.groundedness_score:.2f} rounds={a.rounds} composer={a.composer_status}"
          + (f" degraded={a.degraded_reason}" if a.degraded_reason else ""))
    print(a.final_answer)


def demo_questions() -> list[dict[str, Any]]:
    questions: list[dict[str, Any]] = json.loads(
        resources.files("app").joinpath("demo/questions.json").read_text(encoding="utf-8"))
    return questions


async def _stored(settings: Settings, bootstrap: str, store: Any, session_ids: list[str], timeout_s: float) -> bool:
    """Whether the store took every session before the embedded stack stops (the embedded broker
    keeps its log in memory: what it did not take is gone); says so on stderr if not. With
    GROUNDGATE_AUDIT=off the stack runs no audit writer: it says so at once instead of waiting."""
    from app.stack import stored

    one = len(session_ids) == 1
    sessions = "the session" if one else f"all {len(session_ids)} sessions"
    if settings.audit == "off":
        print(f"groundgate: GROUNDGATE_AUDIT=off: the embedded stack writes no audit, so {sessions} "
              f"{'is' if one else 'are'} not in the audit store", file=sys.stderr, flush=True)
        return False
    lacking = await stored(settings, bootstrap, store, session_ids, timeout_s)
    if lacking:
        print(f"groundgate: the audit store did not take {sessions} within {timeout_s:g}s ({lacking}); the embedded "
              "broker keeps its log in memory, so what it did not take is not in the audit", file=sys.stderr,
              flush=True)
    return not lacking


async def cmd_run(settings: Settings, timeout_s: float, store_timeout_s: float) -> int:
    from app.stack import Client, embedded_stack

    run_tag = time.strftime("%H%M%S")
    async with embedded_stack(settings) as (bootstrap, worker):
        store = worker.store
        assert store is not None, "the embedded stack always opens the store"
        qs = [QueryReceived(session_id=f"{q['session_id']}-{run_tag}", query=q["query"],
                            deadline_s=settings.deadline_s) for q in demo_questions()]
        shown = re.sub(r"//[^/@]*@", "//", store.dsn.split("?")[0])  # never a password
        print(f"groundgate: broker {bootstrap}, store {shown}, {len(qs)} demo questions")
        async with Client(settings, bootstrap) as client:
            started = time.monotonic()
            for q in qs:
                await client.send(q)
            by_id = {q.session_id: q.query for q in qs}
            got = 0
            async for a in client.answers(by_id, timeout_s):
                _print_answer(a, by_id[a.session_id])
                got += 1
            elapsed = time.monotonic() - started
        print("─" * 78)
        print(f"{got}/{len(qs)} answered in {elapsed:.1f}s")
        audited = await _stored(settings, bootstrap, store, list(by_id), store_timeout_s)
        rows = await asyncio.to_thread(
            store.query, "SELECT session_id FROM gg_session_snapshots FINAL WHERE session_id IN {ids:Array(String)} "
            "AND stage = 'answered'", {"ids": list(by_id)})
        mix = await asyncio.to_thread(
            store.query,
            "SELECT verdict, count(), round(avg(score), 3), max(rounds) FROM gg_outcomes FINAL "
            "WHERE session_id IN {ids:Array(String)} GROUP BY verdict ORDER BY verdict", {"ids": list(by_id)})
        events = await asyncio.to_thread(
            store.query, "SELECT count() FROM gg_events FINAL WHERE session_id IN {ids:Array(String)}",
            {"ids": list(by_id)})
        print(f"ClickHouse: {len(rows)} answered session snapshot(s), {events[0][0]} event(s) for this run")
        for verdict, n, avg, rounds in mix:
            print(f"  {verdict:<10} {n} answer(s), mean score {avg}, max rounds {rounds}")
    return 0 if got == len(qs) and audited else 1


async def cmd_ask(settings: Settings, question: str, timeout_s: float, store_timeout_s: float = STORE_WAIT_S) -> int:
    """Against a Kafka cluster the session's events stay on Kafka for the audit writer, wherever it
    runs; on the embedded stack ``ask`` waits (``store_timeout_s``) until the store has them, since
    the embedded broker's log goes with the process."""
    from app.stack import Client, embedded_stack, new_session_id

    q = QueryReceived(session_id=new_session_id("ask"), query=question, deadline_s=settings.deadline_s)

    async def ask(bootstrap: str, embedded: bool) -> None:
        async with Client(settings, bootstrap) as client:
            await client.send(q)
            alive = embedded or bool(await live_workers(settings, bootstrap, settings.liveness_s))
            if not alive:
                print(f"groundgate: no worker is running against {bootstrap} (no heartbeat in the last "
                      f"{settings.liveness_s:g}s): start one (groundgate worker); waiting {timeout_s:g}s for an "
                      "answer", file=sys.stderr, flush=True)
            async for a in client.answers([q.session_id], timeout_s):
                _print_answer(a, question)
                return
        raise NoAnswer(f"no answer to {q.session_id} within {timeout_s:g}s", hint=(
            "the embedded worker in this process gave none; its warnings, if any, are above (a model may be "
            "slow or down: groundgate models check; or raise --timeout)" if embedded
            else "the workers are alive: see their log (a model may be slow or down)" if alive
            else f"no worker is running against {bootstrap}: start one (groundgate worker)"))

    if settings.bootstrap_servers:
        await ask(settings.bootstrap_servers, embedded=False)
        return 0
    async with embedded_stack(settings) as (bootstrap, worker):
        await ask(bootstrap, embedded=True)
        assert worker.store is not None, "the embedded stack always opens the store"
        return 0 if await _stored(settings, bootstrap, worker.store, [q.session_id], store_timeout_s) else 1


def cmd_worker(settings: Settings) -> int:
    import faust

    from app.worker import build_worker, prepare_worker

    bootstrap = kafka_of(settings, "worker")
    asyncio.run(prepare_worker(settings, bootstrap))
    worker = build_worker(settings, bootstrap)
    class _Worker(faust.Worker):
        async def on_startup_finished(self) -> None:
            await super().on_startup_finished()
            log.info("%d objects of the start frozen out of the garbage collector's scans (app.heap)", heap.settle())
            log.info("groundgate worker ready (topics %s*, store %s)", settings.topic_prefix,
                     settings.clickhouse_dsn.get_secret_value().split("://", 1)[0])

    # override_logging=False: the format set up in main (app/logs.py) stays, not mode's own; no
    # progress spinner (it writes terminal codes into the log)
    running = _Worker(worker.app, loglevel=settings.log_level, quiet=True, override_logging=False)
    running.spinner = None
    running.execute_from_commandline()
    return 0


def cmd_broker(settings: Settings, kind: str, port: int | None) -> int:
    from app.kafka.brokers import serve

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    return serve("kafka" if kind == "kafka" else "tansu", port, settings.data_dir / f"{kind}.log")


async def cmd_audit(settings: Settings) -> int:
    from app.audit.process import cmd_audit as run

    return await run(settings, kafka_of(settings, "audit"))


def cmd_config(settings: Settings) -> int:
    from app.config_view import effective

    print("# effective settings: environment over ./.env over defaults (secrets masked)")
    for line in effective(settings):
        print(line)
    return 0


async def cmd_models_check(settings: Settings) -> int:
    from app.roles.check import check_models

    results = await check_models(settings)
    for r in results:
        print(r.line())
    return 0 if all(r.ok for r in results) else 1


def parser() -> argparse.ArgumentParser:
    # --debug before or after the command: the command's own flag must not reset the top-level one
    debug = argparse.ArgumentParser(add_help=False)
    debug.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                       help="show the traceback of an error")
    top = argparse.ArgumentParser(prog="groundgate", description=DESCRIPTION, parents=[debug],
                                  formatter_class=argparse.RawDescriptionHelpFormatter,
                                  epilog="Settings come from GROUNDGATE_* variables (and .env): groundgate config.")
    top.add_argument("--version", action="version", version=f"groundgate {version()}",
                     help="print the version and exit")
    sub = top.add_subparsers(dest="cmd", required=True, metavar="COMMAND",
                             help="one of these; COMMAND --help says more")

    def command(name: str, text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=text, description=text, parents=[debug])

    store_help = ("seconds to wait for the audit store to take the sessions before the embedded stack stops "
                  f"(default {STORE_WAIT_S:g}); exit 1 if it did not, the answers printed all the same")
    p_run = command("run", "embedded broker + worker + ClickHouse engine; answers the demo questions")
    p_run.add_argument("--timeout", type=float, default=180.0, metavar="S",
                       help="seconds to wait for every answer (default 180)")
    p_run.add_argument("--store-timeout", type=float, default=STORE_WAIT_S, metavar="S", help=store_help)
    p_ask = command("ask", "ask one question and print the answer")
    p_ask.add_argument("question", help="the question, in quotes")
    p_ask.add_argument("--timeout", type=float, default=120.0, metavar="S",
                       help="seconds to wait for the answer (default 120)")
    p_ask.add_argument("--store-timeout", type=float, default=STORE_WAIT_S, metavar="S", help=store_help)
    command("worker", "a production worker against KAFKA_BOOTSTRAP_SERVERS")
    p_broker = command("broker", "a local broker for worker, produce, tail and audit; prints its "
                                 "KAFKA_BOOTSTRAP_SERVERS and runs until Ctrl-C")
    p_broker.add_argument("--kind", choices=["tansu", "kafka"], default="tansu",
                          help="tansu: the embedded broker (memory only); kafka: Apache Kafka (needs Java 17)")
    p_broker.add_argument("--port", type=int, default=None, help="the clients' port (default: a free one)")
    command("audit", "the audit writer and dashboard as their own process, one per store "
                     "(workers run with GROUNDGATE_AUDIT=off)")
    command("config", "print the effective settings (secrets masked) and where each comes from")
    p_prod = command("produce", "check raw JSON messages (arguments, or stdin lines) and produce them")
    p_prod.add_argument("--topic", default=topics.QUERY, choices=topics.ALL,
                        help=f"clients write {' and '.join(topics.CLIENT_WRITES)}; the others are internal "
                             f"(default {topics.QUERY})")
    p_prod.add_argument("messages", nargs="*", help="JSON messages; none: one per line on stdin")
    p_tail = command("tail", "print a topic's messages: the last few, all of them, or as they come")
    p_tail.add_argument("--topic", default=topics.ANSWER, choices=topics.ALL,
                        help=f"the topic to read (default {topics.ANSWER})")
    p_tail.add_argument("-n", "--lines", type=int, default=10, metavar="N",
                        help="how many of the last messages to print first (default 10)")
    p_tail.add_argument("--from-beginning", action="store_true", help="print every message on the topic first")
    p_tail.add_argument("-f", "--follow", action="store_true",
                        help="then keep printing new messages as they arrive (until Ctrl-C)")
    p_tail.add_argument("--max-messages", type=int, default=None, metavar="N", help="stop after N messages")
    p_tail.add_argument("--timeout", type=float, default=None, metavar="S", help="stop following after S seconds")
    p_dash = command("dashboard", "run the observability queries on the audit store")
    p_dash.add_argument("--serve", action="store_true", help="serve the dashboard page instead of printing")
    p_dash.add_argument("--port", type=int, default=None, help="the page's port (default GROUNDGATE_WEB_PORT)")
    p_dash.add_argument("--range", default="24h", help="how far back: 1h, 24h, 7d, … (default 24h)")
    p_replay = command("replay", "how stored verdicts would change under other rules or another Verifier")
    p_replay.add_argument("--reverify", action="store_true",
                          help="re-run the Verifier as configured now (GROUNDGATE_VERIFIER_*, GROUNDGATE_PROMPT_DIR) "
                               "instead of changing the rules")
    p_replay.add_argument("--pass-threshold", type=float, default=None, metavar="SCORE",
                          help="make PASS score-based: every verdict that is not REJECT passes from this score up "
                               "(the spec has no PASS threshold: PASS is every critical claim supported, one "
                               "directly)")
    p_replay.add_argument("--retry-threshold", type=float, default=None, metavar="SCORE",
                          help="a round-1 LOW_CONFID below this score gets a second evidence round (spec: 0.5)")
    p_replay.add_argument("--direct-value", type=float, default=None, metavar="V",
                          help="what a directly supported critical claim counts for in the score (spec: 1.0)")
    p_replay.add_argument("--indirect-value", type=float, default=None, metavar="V",
                          help="what an indirectly supported critical claim counts for in the score (spec: 0.6)")
    p_replay.add_argument("--session", default=None, help="only this session")
    p_replay.add_argument("--limit", type=int, default=100_000, metavar="N",
                          help="at most N stored verdicts (default 100000)")
    p_prices = command("prices", "list the model prices the cost panels use, or set one")
    p_prices.add_argument("--set", nargs=3, metavar=("MODEL", "INPUT", "OUTPUT"), default=None, dest="set_price",
                          help="set MODEL's price per million input and output tokens (e.g. gpt-4o-mini 0.15 0.6)")
    models = command("models", "the model roles: check that each configured role works").add_subparsers(
        dest="action", required=True, metavar="ACTION", help="check")
    models.add_parser("check", parents=[debug], help="call each configured role once and say whether it works",
                      description="Send each role on a model one request shaped like the real one, read the reply "
                                  "as the pipeline does, and say what failed and why (timeout, unsupported, refused, "
                                  "unreachable, unparseable), naming the model and URL. Exit 1 if any role failed.")
    return top


def _messages(args: argparse.Namespace) -> list[bytes]:
    """The messages as the bytes the user gave (argv as the OS passed it, stdin unread by a codec)."""
    if args.messages:
        return [os.fsencode(m) for m in args.messages]
    return [ln.strip() for ln in sys.stdin.buffer if ln.strip()]


def run_command(args: argparse.Namespace, settings: Settings) -> int:
    if args.cmd == "run":
        return asyncio.run(cmd_run(settings, args.timeout, args.store_timeout))
    if args.cmd == "ask":
        return asyncio.run(cmd_ask(settings, args.question, args.timeout, args.store_timeout))
    if args.cmd == "worker":
        return cmd_worker(settings)
    if args.cmd == "broker":
        return cmd_broker(settings, args.kind, args.port)
    if args.cmd == "produce":
        return asyncio.run(produce(settings, args.topic, _messages(args)))
    from app.audit import commands as audit_commands

    if args.cmd == "dashboard":
        port = settings.web_port if args.port is None else args.port
        return asyncio.run(audit_commands.cmd_dashboard(settings, args.serve, port, args.range))
    if args.cmd == "audit":
        return asyncio.run(cmd_audit(settings))
    if args.cmd == "replay":
        return asyncio.run(audit_commands.cmd_replay(settings, args))
    if args.cmd == "models":
        return asyncio.run(cmd_models_check(settings))
    if args.cmd == "prices":
        return asyncio.run(audit_commands.cmd_prices(settings, args.set_price))
    if args.cmd == "config":
        return cmd_config(settings)
    assert args.cmd == "tail", args.cmd
    return asyncio.run(tail(settings, args.topic, lines=args.lines, from_beginning=args.from_beginning,
                            follow=args.follow, max_messages=args.max_messages, timeout_s=args.timeout))


def version() -> str:
    try:
        return metadata.version("groundgate")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "unknown"


def _warn_unknown_variables() -> None:
    from app.config_view import unknown_variables
    from app.settings import environment

    for warning in unknown_variables(environment()):
        print(f"groundgate: warning: {warning}", file=sys.stderr)


def _quiet_closed_stdout() -> int:
    """The reader of our output went away (``groundgate tail … | head -2``): nothing more can be
    said to it, which is a normal end. Python would still try to flush stdout at exit and print a
    BrokenPipeError of its own; pointing stdout at /dev/null lets it end quietly."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):  # not a file descriptor (a test's capture): nothing to redirect
        return 0
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Runs a command; every error ends here as one line and its exit code (see ``app/errors.py``)."""
    args = parser().parse_args(argv)
    debug = getattr(args, "debug", False)
    try:
        settings = Settings.from_env()
        _warn_unknown_variables()
        _setup_logging(settings, args.cmd, quiet_kafka=args.cmd in ("ask", "produce", "tail") and not debug)
        code = run_command(args, settings)
        sys.stdout.flush()  # a closed pipe is found here, not at exit
        return code
    except BrokenPipeError:
        return _quiet_closed_stdout()
    except GroundgateError as e:
        if debug:
            traceback.print_exc()
        print(f"groundgate: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        return errors.EXIT_INTERRUPTED
    except Exception as e:
        if debug:
            traceback.print_exc()
        what = redact(f"{type(e).__name__}: {e}".splitlines()[0], limit=200)
        print(f"groundgate: unexpected error (a bug): {what}; "
              f"{'the traceback is above' if debug else 'run again with --debug for the traceback'}", file=sys.stderr)
        return errors.EXIT_BUG


if __name__ == "__main__":
    raise SystemExit(main())
