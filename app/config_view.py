"""What ``groundgate config`` shows, and the warning for a variable that sets nothing.

Every variable groundgate reads is derived from the settings' fields (``GROUNDGATE_<FIELD>``,
``KAFKA_BOOTSTRAP_SERVERS``) and from the model roles' fields (``GROUNDGATE_<ROLE>_<FIELD>``,
``GROUNDGATE_MODEL_<FIELD>``): a ``GROUNDGATE_*`` variable that is none of them is a typo or a
left-over, and it is named with the closest known name. Secrets are never shown: a secret
setting is masked whole, and a URL or DSN keeps everything but its password and query.
"""

from __future__ import annotations

import difflib
import os
import re
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import SecretStr

from app.role_config import DEFAULT_MAX_TOKENS, DEFAULT_TIMEOUT_S, ROLES, RoleConfig
from app.settings import BOOTSTRAP_VARIABLE, ENV_PREFIX, Settings, dotenv_values, role_variables

MASK = "********"
_USERINFO = re.compile(r"//([^/@:]*):[^/@]*@")


def variable_of(field: str) -> str:
    return BOOTSTRAP_VARIABLE if field == "bootstrap_servers" else f"{ENV_PREFIX}{field.upper()}"


def known_variables() -> set[str]:
    """Every variable a setting or a model role is read from."""
    names = {variable_of(f) for f in Settings.model_fields if f != "roles"}
    for scope in (*ROLES, "model"):
        names |= {f"{ENV_PREFIX}{scope.upper()}_{f.upper()}" for f in RoleConfig.model_fields}
    return names


def unknown_variables(env: Mapping[str, str]) -> list[str]:
    """One warning per ``GROUNDGATE_*`` variable that sets nothing, with the closest known name."""
    known = known_variables()
    out = []
    for name in sorted(n for n in env if n.upper().startswith(ENV_PREFIX) and n not in known):
        close = difflib.get_close_matches(name.upper(), known, n=1, cutoff=0.75)
        out.append(f"{name} is not a groundgate setting and is ignored"
                   + (f" (did you mean {close[0]}?)" if close else " (groundgate config lists them)"))
    return out


def shown(value: Any) -> str:
    """A value as ``config`` prints it: secrets masked, URLs without their password or query."""
    if isinstance(value, SecretStr):
        secret = value.get_secret_value()
        if not secret:
            return ""
        if "://" not in secret:
            return MASK
        return _USERINFO.sub(rf"//\1:{MASK}@", secret).split("?", 1)[0]
    if value is None:
        return ""
    if isinstance(value, str) and "://" in value:
        return _USERINFO.sub(rf"//\1:{MASK}@", value).split("?", 1)[0]
    return str(value)


DERIVED: dict[str, Callable[[Settings], Any]] = {
    "session_timeout_s": lambda s: s.group_session_timeout_s,
    "static_membership": lambda s: s.static_members,
}
"""Settings whose default is derived from the broker tuning: what is in force when unset."""
DERIVED_DEFAULTS = {"session_timeout_s": "`10`; `2` with the Tansu tuning",
                    "static_membership": "`true`; `false` with the Tansu tuning"}
ROLE_DEFAULTS: dict[str, Mapping[str, float]] = {"max_tokens": DEFAULT_MAX_TOKENS, "timeout_s": DEFAULT_TIMEOUT_S}
"""Role fields whose default is the role's own."""


def tuned(settings: Settings) -> str:
    return "with" if settings.tansu_tuning else "without"


def effective(settings: Settings, environ: Mapping[str, str] | None = None,
              file_vars: Mapping[str, str] | None = None) -> list[str]:
    """``VARIABLE=value  # where it came from`` for every setting and every role field, in the
    order they are declared: ``environment``, ``.env`` or ``default``."""
    environ = os.environ if environ is None else environ
    file_vars = dotenv_values() if file_vars is None else file_vars

    def source(variable: str) -> str:
        return "environment" if environ.get(variable) else ".env" if file_vars.get(variable) else "default"

    lines = []
    for field in Settings.model_fields:
        if field != "roles":
            value, where = getattr(settings, field), source(variable_of(field))
            if value is None and field in DERIVED:
                value, where = DERIVED[field](settings), f"default {tuned(settings)} the Tansu tuning"
            lines.append((f"{variable_of(field)}={shown(value)}", where))
    found = role_variables({**file_vars, **environ})
    for role, config in settings.roles.items():
        in_force = config.for_role(role)
        for field in RoleConfig.model_fields:
            variable = f"{ENV_PREFIX}{role.upper()}_{field.upper()}"
            given = found.get(role, {}).get(field)
            own = getattr(config, field) is None and getattr(in_force, field) is not None
            where = (f"default for the {role}" if own else "default") if not given \
                else source(variable) if given[0] == variable else f"{source(given[0])}: {given[0]}"
            lines.append((f"{variable}={shown(getattr(in_force, field))}", where))
    width = max(len(text) for text, _ in lines)
    return [f"{text.ljust(width)}  # {where}" for text, where in lines]


REFERENCE_START = "<!-- generated from app/settings.py by `python -m app.config_view --write-docs`: edit there -->"
REFERENCE_END = "<!-- end of the generated reference -->"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "configuration.md"


def _default_text(field: str) -> str:
    info = Settings.model_fields[field]
    if info.default_factory is not None:
        return "(see meaning)" if field != "roles" else ""
    if field in DERIVED_DEFAULTS:
        return DERIVED_DEFAULTS[field]
    value = info.default
    if isinstance(value, SecretStr):
        value = value.get_secret_value()
    if isinstance(value, Path) and value.is_absolute():
        root = Path(__file__).resolve().parents[1]
        value = value.relative_to(root) if value.is_relative_to(root) else value
    return "(none)" if value in (None, "") else f"`{value}`"


def reference() -> str:
    """Every setting's variable, default and meaning, as the field declares them."""
    rows = ["| variable | default | meaning |", "| --- | --- | --- |"]
    for field, info in Settings.model_fields.items():
        if field == "roles":
            continue
        choices = ""
        if typing.get_origin(info.annotation) is Literal:
            choices = " (" + " / ".join(f"`{c}`" for c in typing.get_args(info.annotation)) + ")"
        meaning = (info.description or "").replace("<", "&lt;").replace(">", "&gt;")
        rows.append(f"| `{variable_of(field)}` | {_default_text(field)} | {meaning}{choices} |")
    rows += ["", "Per model role (`PLANNER`, `EXECUTOR`, `VERIFIER`, `COMPOSER`), "
             "`GROUNDGATE_<ROLE>_<FIELD>` over `GROUNDGATE_MODEL_<FIELD>`:", "",
             "| field | default | meaning |", "| --- | --- | --- |"]
    for field, info in RoleConfig.model_fields.items():
        default = info.default.get_secret_value() if isinstance(info.default, SecretStr) else info.default
        text = "(none)" if default in (None, "") else f"`{default}`"
        if field in ROLE_DEFAULTS:
            text = "per role: " + ", ".join(f"{r} `{v:g}`" for r, v in ROLE_DEFAULTS[field].items())
        choices = ""
        if typing.get_origin(info.annotation) is Literal:
            choices = " (" + " / ".join(f"`{c}`" for c in typing.get_args(info.annotation)) + ")"
        rows.append(f"| `{field.upper()}` | {text} | {info.description or ''}{choices} |")
    return "\n".join([REFERENCE_START, "", *rows, "", REFERENCE_END])


def docs_with_reference(text: str) -> str:
    """``text`` with its generated block replaced by the current reference."""
    start, end = text.index(REFERENCE_START), text.index(REFERENCE_END) + len(REFERENCE_END)
    return text[:start] + reference() + text[end:]


if __name__ == "__main__":
    import sys

    if "--write-docs" in sys.argv:
        DOCS.write_text(docs_with_reference(DOCS.read_text()))
    else:
        print(reference())
