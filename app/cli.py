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
from importlib import resources
from typing import Any

from pydantic import ValidationError

from app import errors
from app.domain.redact import redact
from app.errors import GroundgateError, UsageError
from app.kafka import topics
from app.kafka.client import kafka_of, live_workers, produce, tail
from app.settings import Settings
from events.models import AnswerComposed, QueryReceived

log = logging.getLogger("groundgate")


class NoAnswer(GroundgateError):
    """A question got no answer within the timeout."""


def _setup_logging(level: str, quiet_kafka: bool = False) -> None:
    """``quiet_kafka``: a client command's own line says what went wrong with the broker."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # app.kafka.faust_store: Faust's RocksDB store under our name, its lines as quiet as Faust's.
    for noisy in ("aiokafka", "faust", "mode", "kafka", "app.kafka.faust_store"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, logging.getLevelName(level)))
    if quiet_kafka:
        logging.getLogger("aiokafka").setLevel(logging.CRITICAL)


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


async def _wait_for_snapshots(worker: Any, ids: list[str], timeout_s: float) -> list[tuple[Any, ...]]:
    sql = ("SELECT session_id, stage, verdict, score, round FROM gg_session_snapshots FINAL "
           "WHERE session_id IN {ids:Array(String)} ORDER BY session_id")
    end = time.monotonic() + timeout_s
    rows: list[tuple[Any, ...]] = []
    while time.monotonic() < end:
        rows = await asyncio.to_thread(worker.store.query, sql, {"ids": ids})
        if len(rows) == len(ids) and all(r[1] == "answered" for r in rows):
            break
        await asyncio.sleep(0.5)
    return rows


async def cmd_run(settings: Settings, timeout_s: float) -> int:
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
        rows = await _wait_for_snapshots(worker, list(by_id), 30)
        mix = await asyncio.to_thread(
            store.query,
            "SELECT verdict, count(), round(avg(score), 3), max(rounds) FROM gg_outcomes FINAL "
            "WHERE session_id IN {ids:Array(String)} GROUP BY verdict ORDER BY verdict", {"ids": list(by_id)})
        events = await asyncio.to_thread(
            store.query, "SELECT count() FROM gg_events FINAL WHERE session_id IN {ids:Array(String)}",
            {"ids": list(by_id)})
        print(f"ClickHouse: {len(rows)} session snapshot(s), {events[0][0]} event(s) for this run")
        for verdict, n, avg, rounds in mix:
            print(f"  {verdict:<10} {n} answer(s), mean score {avg}, max rounds {rounds}")
    return 0 if got == len(qs) else 1


async def cmd_ask(settings: Settings, question: str, timeout_s: float) -> int:
    from app.stack import Client, embedded_stack, new_session_id

    q = QueryReceived(session_id=new_session_id("ask"), query=question, deadline_s=settings.deadline_s)

    async def ask(bootstrap: str, embedded: bool) -> int:
        async with Client(settings, bootstrap) as client:
            await client.send(q)
            alive = embedded or bool(await live_workers(settings, bootstrap, settings.liveness_s))
            if not alive:
                print(f"groundgate: no worker is running against {bootstrap} (no heartbeat in the last "
                      f"{settings.liveness_s:g}s): start one (groundgate worker); waiting {timeout_s:g}s for an "
                      "answer", file=sys.stderr, flush=True)
            async for a in client.answers([q.session_id], timeout_s):
                _print_answer(a, question)
                return 0
        raise NoAnswer(f"no answer to {q.session_id} within {timeout_s:g}s",
                       hint="the workers are alive: see their log (a model may be slow or down)" if alive
                       else f"no worker is running against {bootstrap}: start one (groundgate worker)")

    if settings.bootstrap_servers:
        return await ask(settings.bootstrap_servers, embedded=False)
    async with embedded_stack(settings) as (bootstrap, _worker):
        return await ask(bootstrap, embedded=True)


def cmd_worker(settings: Settings) -> int:
    import faust

    from app.worker import build_worker, prepare_worker

    bootstrap = kafka_of(settings, "worker")
    asyncio.run(prepare_worker(settings, bootstrap))
    worker = build_worker(settings, bootstrap)
    class _Worker(faust.Worker):
        async def on_startup_finished(self) -> None:
            await super().on_startup_finished()
            log.info("groundgate worker ready (topics %s*, store %s)", settings.topic_prefix,
                     settings.clickhouse_dsn.get_secret_value().split("://", 1)[0])

    _Worker(worker.app, loglevel=settings.log_level, quiet=True).execute_from_commandline()
    return 0


async def cmd_dashboard(settings: Settings, serve: bool, port: int, range_text: str = "24h") -> int:
    from app.audit import dashboard
    from app.worker import opened_store

    try:
        window = dashboard.Window.last(range_text)
    except ValueError as exc:
        raise UsageError(f"dashboard --range: {exc}") from None
    async with opened_store(settings) as store:
        if not serve:
            print(f"last {range_text}, {window.start:%Y-%m-%d %H:%M} to {window.end:%Y-%m-%d %H:%M} UTC")
            print(dashboard.render_text(await asyncio.to_thread(dashboard.run_all, store, window)))
            return 0
        try:
            runner = await dashboard.serve(lambda: store, port, settings.web_host,
                                           allowed=dashboard.allowed_hosts(settings.web_allowed_hosts))
        except OSError as exc:
            raise UsageError(f"cannot serve the dashboard on {settings.web_host}:{port}: {exc.strerror or exc}",
                             hint="pass --port N (or set GROUNDGATE_WEB_PORT) to a free port") from None
        bound = runner.addresses[0][1] if runner.addresses else port
        print(f"groundgate dashboard on http://127.0.0.1:{bound}/ (Ctrl-C to stop)", flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
        return 0


def cmd_broker(settings: Settings, kind: str, port: int | None) -> int:
    from app.kafka.brokers import serve

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    return serve("kafka" if kind == "kafka" else "tansu", port, settings.data_dir / f"{kind}.log")


async def cmd_audit(settings: Settings) -> int:
    from app.audit.process import cmd_audit as run

    return await run(settings, kafka_of(settings, "audit"))


async def cmd_replay(settings: Settings, args: argparse.Namespace) -> int:
    from app.audit.replay import replay_policy, replay_verifier
    from app.domain.scoring import Policy
    from app.roles.build import build_roles
    from app.worker import opened_store

    async with opened_store(settings) as store:
        if args.reverify:
            report = await replay_verifier(store, build_roles(settings), args.limit, args.session)
        else:
            changes = {"indirect_support": args.indirect_value, "direct_evidence": args.direct_value,
                       "pass_min_score": args.pass_min_score, "retry_threshold": args.retry_threshold}
            try:
                policy = Policy(**{k: v for k, v in changes.items() if v is not None})
            except ValidationError as exc:
                raise UsageError(f"replay: {exc.errors(include_url=False)[0]['msg']}") from None
            print(f"policy: {policy.model_dump()}")
            report = await asyncio.to_thread(replay_policy, store, policy, args.limit, args.session)
        print(report.render())
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
    top = argparse.ArgumentParser(prog="groundgate", description=__doc__, parents=[debug],
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = top.add_subparsers(dest="cmd", required=True)

    def command(name: str, text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=text, parents=[debug])

    command("run", "embedded broker + worker + ClickHouse engine; answers the demo questions").add_argument(
        "--timeout", type=float, default=180.0)
    p_ask = command("ask", "ask one question and print the answer")
    p_ask.add_argument("question")
    p_ask.add_argument("--timeout", type=float, default=120.0)
    command("worker", "a production worker against KAFKA_BOOTSTRAP_SERVERS")
    p_broker = command("broker", "a local broker for worker, produce, tail and audit; prints its "
                                 "KAFKA_BOOTSTRAP_SERVERS and runs until Ctrl-C")
    p_broker.add_argument("--kind", choices=["tansu", "kafka"], default="tansu",
                          help="tansu: the embedded broker (memory only); kafka: Apache Kafka (needs Java 17)")
    p_broker.add_argument("--port", type=int, default=None, help="the clients' port (default: a free one)")
    command("audit", "the audit writer and dashboard as their own process, one per store "
                     "(workers run with GROUNDGATE_AUDIT=off)")
    p_prod = command("produce", "check raw JSON messages (arguments, or stdin lines) and produce them")
    p_prod.add_argument("--topic", default=topics.QUERY, choices=topics.ALL,
                        help=f"clients write {' and '.join(topics.CLIENT_WRITES)}; the others are internal")
    p_prod.add_argument("messages", nargs="*")
    p_dash = command("dashboard", "run the observability queries on ClickHouse")
    p_dash.add_argument("--serve", action="store_true", help="serve the dashboard page instead of printing")
    p_dash.add_argument("--port", type=int, default=None)
    p_dash.add_argument("--range", default="24h", help="how far back: 1h, 24h, 7d, … (default 24h)")
    p_replay = command("replay", "how stored verdicts would change under another policy or Verifier")
    p_replay.add_argument("--reverify", action="store_true",
                          help="re-run the Verifier as configured now (GROUNDGATE_VERIFIER_*, GROUNDGATE_PROMPT_DIR)")
    p_replay.add_argument("--indirect-value", type=float, default=None)
    p_replay.add_argument("--direct-value", type=float, default=None)
    p_replay.add_argument("--pass-min-score", type=float, default=None)
    p_replay.add_argument("--retry-threshold", type=float, default=None)
    p_replay.add_argument("--session", default=None)
    p_replay.add_argument("--limit", type=int, default=100_000)
    command("models", "model roles").add_argument("action", choices=["check"], help="call each configured role once")
    p_tail = command("tail", "print a topic's messages")
    p_tail.add_argument("--topic", default=topics.ANSWER, choices=topics.ALL)
    p_tail.add_argument("--follow", type=float, default=5.0, help="seconds to keep reading")
    return top


def _messages(args: argparse.Namespace) -> list[bytes]:
    """The messages as the bytes the user gave (argv as the OS passed it, stdin unread by a codec)."""
    if args.messages:
        return [os.fsencode(m) for m in args.messages]
    return [ln.strip() for ln in sys.stdin.buffer if ln.strip()]


def run_command(args: argparse.Namespace, settings: Settings) -> int:
    if args.cmd == "run":
        return asyncio.run(cmd_run(settings, args.timeout))
    if args.cmd == "ask":
        return asyncio.run(cmd_ask(settings, args.question, args.timeout))
    if args.cmd == "worker":
        return cmd_worker(settings)
    if args.cmd == "broker":
        return cmd_broker(settings, args.kind, args.port)
    if args.cmd == "produce":
        return asyncio.run(produce(settings, args.topic, _messages(args)))
    if args.cmd == "dashboard":
        port = settings.web_port if args.port is None else args.port
        return asyncio.run(cmd_dashboard(settings, args.serve, port, args.range))
    if args.cmd == "audit":
        return asyncio.run(cmd_audit(settings))
    if args.cmd == "replay":
        return asyncio.run(cmd_replay(settings, args))
    if args.cmd == "models":
        return asyncio.run(cmd_models_check(settings))
    assert args.cmd == "tail", args.cmd
    return asyncio.run(tail(settings, args.topic, args.follow))


def main(argv: list[str] | None = None) -> int:
    """Runs a command; every error ends here as one line and its exit code (see ``app/errors.py``)."""
    args = parser().parse_args(argv)
    debug = getattr(args, "debug", False)
    try:
        settings = Settings.from_env()
        _setup_logging(settings.log_level if args.cmd in ("worker", "audit") else "WARNING",
                       quiet_kafka=args.cmd in ("ask", "produce", "tail") and not debug)
        return run_command(args, settings)
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
