"""The commands that read the audit store: ``groundgate dashboard`` and ``groundgate replay``.

Both open the store the worker writes (``app.audit.opening.opened_store``): it must exist, and no
other process may hold a chDB path, which each says in one line with what to do.
"""

from __future__ import annotations

import argparse
import asyncio

from pydantic import ValidationError

from app.audit.opening import opened_store
from app.errors import UsageError
from app.settings import Settings


async def cmd_dashboard(settings: Settings, serve: bool, port: int, range_text: str = "24h") -> int:
    from app.audit import dashboard

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


async def cmd_replay(settings: Settings, args: argparse.Namespace) -> int:
    from app.audit.replay import replay_policy, replay_verifier
    from app.domain.scoring import Policy
    from app.roles.build import build_roles

    async with opened_store(settings) as store:
        if args.reverify:
            report = await replay_verifier(store, build_roles(settings), args.limit, args.session)
        else:
            changes = {"indirect_support": args.indirect_value, "direct_evidence": args.direct_value,
                       "retry_threshold": args.retry_threshold}
            try:
                policy = Policy(**{k: v for k, v in changes.items() if v is not None})
                if args.pass_threshold is not None and not 0 <= args.pass_threshold <= 1:
                    raise UsageError("replay --pass-threshold: a score between 0 and 1")
            except ValidationError as exc:
                raise UsageError(f"replay: {exc.errors(include_url=False)[0]['msg']}") from None
            rule = ("PASS from score " + f"{args.pass_threshold:g}" if args.pass_threshold is not None
                    else "PASS: every critical claim supported, one directly")
            print(f"rules: {rule}; retry below {policy.retry_threshold:g}; direct counts "
                  f"{policy.direct_evidence:g}, indirect {policy.indirect_support:g}")
            report = await asyncio.to_thread(replay_policy, store, policy, args.limit, args.session,
                                             args.pass_threshold)
        print(report.render())
        return 0


async def cmd_prices(settings: Settings, set_price: list[str] | None) -> int:
    """``gg_model_prices``, which the token panels' cost columns read (a model not in it costs 0):
    list it, or set one model's prices per million input and output tokens."""
    async with opened_store(settings) as store:
        if set_price:
            model, *figures = set_price
            try:
                input_per_mtok, output_per_mtok = (float(f) for f in figures)
            except ValueError:
                raise UsageError("prices --set MODEL INPUT OUTPUT: prices are numbers (per million tokens)") from None
            if min(input_per_mtok, output_per_mtok) < 0 or not model.strip():
                raise UsageError("prices --set: a model name and prices of 0 or more")
            await asyncio.to_thread(store.client.insert, "gg_model_prices", [[model, input_per_mtok, output_per_mtok]],
                                    column_names=["model", "input_per_mtok", "output_per_mtok"])
        rows = await asyncio.to_thread(store.query, "SELECT model, input_per_mtok, output_per_mtok "
                                                    "FROM gg_model_prices FINAL ORDER BY model")
    print("model  input_per_mtok  output_per_mtok" if rows else "no model prices (a model not listed costs 0)")
    for model, inp, out in rows:
        print(f"{model}  {inp:g}  {out:g}")
    return 0
