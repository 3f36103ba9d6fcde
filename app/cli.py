"""``groundgate``: run the embedded stack, ask a question, run a production worker,
produce or tail raw events."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import time
from importlib import resources
from typing import Any

from app import topics
from app.broker import BrokerError
from app.roles import ToolsModuleError
from app.settings import Settings
from app.store import StoreError
from events.models import AnswerComposed, QueryReceived

log = logging.getLogger("groundgate")


def _setup_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for noisy in ("aiokafka", "faust", "mode", "kafka"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, logging.getLevelName(level)))


def _print_answer(a: AnswerComposed, query: str) -> None:
    print("─" * 78)
    print(f"Q [{a.session_id}]: {query}")
    print(f"verdict={a.verdict} score={a.groundedness_score:.2f} rounds={a.rounds} composer={a.composer_status}"
          + (f" degraded={a.degraded_reason}" if a.degraded_reason else ""))
    print(a.final_answer)


def demo_questions() -> list[dict[str, Any]]:
    return json.loads(resources.files("app").joinpath("demo/questions.json").read_text(encoding="utf-8"))


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
        print(f"groundgate: broker {bootstrap}, store {store.dsn.split('?')[0]}, {len(qs)} demo questions")
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

    async def ask(bootstrap: str) -> int:
        async with Client(settings, bootstrap) as client:
            await client.send(q)
            async for a in client.answers([q.session_id], timeout_s):
                _print_answer(a, question)
                return 0
        print(f"no answer within {timeout_s}s", file=sys.stderr)
        return 1

    if settings.bootstrap_servers:
        return await ask(settings.bootstrap_servers)
    async with embedded_stack(settings) as (bootstrap, _worker):
        return await ask(bootstrap)


def cmd_worker(settings: Settings) -> int:
    import faust

    from app.worker import build_worker, prepare

    if not settings.bootstrap_servers:
        print("groundgate worker: set KAFKA_BOOTSTRAP_SERVERS (host:port of your Kafka)", file=sys.stderr)
        return 2
    asyncio.run(prepare(settings, settings.bootstrap_servers))
    worker = build_worker(settings, settings.bootstrap_servers)
    class _Worker(faust.Worker):
        async def on_startup_finished(self) -> None:
            await super().on_startup_finished()
            log.info("groundgate worker ready (topics %s*, store %s)", settings.topic_prefix,
                     settings.clickhouse_dsn.get_secret_value().split("://", 1)[0])

    _Worker(worker.app, loglevel=settings.log_level, quiet=True).execute_from_commandline()
    return 0


async def cmd_produce(settings: Settings, topic: str, payloads: list[str]) -> int:
    from app.broker import started_producer

    if not settings.bootstrap_servers:
        print("groundgate produce: set KAFKA_BOOTSTRAP_SERVERS", file=sys.stderr)
        return 2
    producer = await started_producer(settings.bootstrap_servers)
    try:
        for p in payloads:
            try:
                key = str(json.loads(p).get("session_id", "")).encode() or None
            except (ValueError, AttributeError):
                key = None
            await producer.send_and_wait(settings.topic(topic), p.encode(), key=key)
    finally:
        await producer.stop()
    return 0


async def cmd_tail(settings: Settings, topic: str, follow_s: float) -> int:
    from aiokafka import AIOKafkaConsumer

    if not settings.bootstrap_servers:
        print("groundgate tail: set KAFKA_BOOTSTRAP_SERVERS", file=sys.stderr)
        return 2
    consumer = AIOKafkaConsumer(settings.topic(topic), bootstrap_servers=settings.bootstrap_servers,
                                auto_offset_reset="earliest", enable_auto_commit=False)
    await consumer.start()
    try:
        end = time.monotonic() + follow_s
        while time.monotonic() < end:
            for records in (await consumer.getmany(timeout_ms=500)).values():
                for r in records:
                    print((r.value or b"").decode("utf-8", "replace"), flush=True)
    finally:
        await consumer.stop()
    return 0


async def cmd_dashboard(settings: Settings, serve: bool, port: int, range_text: str = "24h") -> int:
    from app import dashboard
    from app.worker import opened_store

    try:
        window = dashboard.Window.last(range_text)
    except ValueError as exc:
        print(f"groundgate dashboard: {exc}", file=sys.stderr)
        return 2
    async with opened_store(settings) as store:
        if not serve:
            print(f"last {range_text}, {window.start:%Y-%m-%d %H:%M} to {window.end:%Y-%m-%d %H:%M} UTC")
            print(dashboard.render_text(await asyncio.to_thread(dashboard.run_all, store, window)))
            return 0
        runner = await dashboard.serve(lambda: store, port, settings.web_host,
                                       allowed=dashboard.allowed_hosts(settings.web_allowed_hosts))
        bound = runner.addresses[0][1] if runner.addresses else port
        print(f"groundgate dashboard on http://127.0.0.1:{bound}/ (Ctrl-C to stop)", flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
        return 0


async def cmd_audit(settings: Settings) -> int:
    from app.audit_process import cmd_audit as run

    if not settings.bootstrap_servers:
        print("groundgate audit: set KAFKA_BOOTSTRAP_SERVERS (host:port of your Kafka)", file=sys.stderr)
        return 2
    return await run(settings, settings.bootstrap_servers)


async def cmd_replay(settings: Settings, args: argparse.Namespace) -> int:
    from app.domain.scoring import Policy
    from app.replay import replay_policy, replay_verifier
    from app.roles import build_roles
    from app.worker import opened_store

    async with opened_store(settings) as store:
        if args.reverify:
            report = await replay_verifier(store, build_roles(settings), args.limit, args.session)
        else:
            changes = {"indirect_support": args.indirect_value, "direct_evidence": args.direct_value,
                       "pass_min_score": args.pass_min_score, "retry_threshold": args.retry_threshold}
            policy = Policy(**{k: v for k, v in changes.items() if v is not None})
            print(f"policy: {policy.model_dump()}")
            report = await asyncio.to_thread(replay_policy, store, policy, args.limit, args.session)
        print(report.render())
        return 0


async def cmd_models_check(settings: Settings) -> int:
    from app.models_check import check_models

    results = await check_models(settings)
    for r in results:
        print(r.line())
    return 0 if all(r.ok for r in results) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="groundgate", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_run = sub.add_parser("run", help="embedded broker + worker + ClickHouse engine; answers the demo questions")
    p_run.add_argument("--timeout", type=float, default=180.0)
    p_ask = sub.add_parser("ask", help="ask one question and print the answer")
    p_ask.add_argument("question")
    p_ask.add_argument("--timeout", type=float, default=120.0)
    sub.add_parser("worker", help="a production worker against KAFKA_BOOTSTRAP_SERVERS")
    sub.add_parser("audit", help="the audit writer and dashboard as their own process, one per store "
                                 "(workers run with GROUNDGATE_AUDIT=off)")
    p_prod = sub.add_parser("produce", help="produce raw JSON messages (arguments, or stdin lines)")
    p_prod.add_argument("--topic", default=topics.QUERY, choices=topics.ALL)
    p_prod.add_argument("messages", nargs="*")
    p_dash = sub.add_parser("dashboard", help="run the observability queries on ClickHouse")
    p_dash.add_argument("--serve", action="store_true", help="serve the dashboard page instead of printing")
    p_dash.add_argument("--port", type=int, default=None)
    p_dash.add_argument("--range", default="24h", help="how far back: 1h, 24h, 7d, … (default 24h)")
    p_replay = sub.add_parser("replay", help="how stored verdicts would change under another policy or Verifier")
    p_replay.add_argument("--reverify", action="store_true",
                          help="re-run the Verifier as configured now (GROUNDGATE_VERIFIER_*, GROUNDGATE_PROMPT_DIR)")
    p_replay.add_argument("--indirect-value", type=float, default=None)
    p_replay.add_argument("--direct-value", type=float, default=None)
    p_replay.add_argument("--pass-min-score", type=float, default=None)
    p_replay.add_argument("--retry-threshold", type=float, default=None)
    p_replay.add_argument("--session", default=None)
    p_replay.add_argument("--limit", type=int, default=100_000)
    p_models = sub.add_parser("models", help="model roles")
    p_models.add_argument("action", choices=["check"], help="call each configured role once")
    p_tail = sub.add_parser("tail", help="print a topic's messages")
    p_tail.add_argument("--topic", default=topics.ANSWER, choices=topics.ALL)
    p_tail.add_argument("--follow", type=float, default=5.0, help="seconds to keep reading")
    args = parser.parse_args(argv)

    try:
        settings = Settings.from_env()
    except Exception as exc:
        print(f"groundgate: bad settings: {exc}", file=sys.stderr)
        return 2
    _setup_logging(settings.log_level if args.cmd in ("worker", "audit") else "WARNING")
    try:
        if args.cmd == "run":
            return asyncio.run(cmd_run(settings, args.timeout))
        if args.cmd == "ask":
            return asyncio.run(cmd_ask(settings, args.question, args.timeout))
        if args.cmd == "worker":
            return cmd_worker(settings)
        if args.cmd == "produce":
            msgs = args.messages or [ln.strip() for ln in sys.stdin if ln.strip()]
            return asyncio.run(cmd_produce(settings, args.topic, msgs))
        if args.cmd == "dashboard":
            port = settings.web_port if args.port is None else args.port
            return asyncio.run(cmd_dashboard(settings, args.serve, port, args.range))
        if args.cmd == "audit":
            return asyncio.run(cmd_audit(settings))
        if args.cmd == "replay":
            return asyncio.run(cmd_replay(settings, args))
        if args.cmd == "models":
            return asyncio.run(cmd_models_check(settings))
        if args.cmd == "tail":
            return asyncio.run(cmd_tail(settings, args.topic, args.follow))
    except (BrokerError, StoreError) as exc:
        print(f"groundgate: {exc}", file=sys.stderr)
        return 3
    except ToolsModuleError as exc:
        print(f"groundgate: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
