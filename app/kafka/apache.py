"""A single-node Apache Kafka (KRaft, one process that is broker and controller) from Maven
Central's jars, started on free loopback ports: for the tests, the benchmarks and ``groundgate
broker --kind kafka``, wherever Java 17 is there.

The jars are resolved once with Maven (``deploy/kafka/pom.xml``) into a cache directory
(``~/.cache/groundgate/kafka-<version>``, or ``$GROUNDGATE_KAFKA_CACHE``) and never fetched again;
``make kafka-jars`` does it, and so does the first start if nobody did. A start formats a fresh log
directory with Kafka's storage tool (SCRAM users are added then, as ``kafka-storage format
--add-scram`` does), writes ``server.properties`` and runs ``kafka.Kafka`` on it.

The broker is configured as a user's single node is (the settings every one-node cluster needs,
replication factors of 1, and nothing that changes what a client sees: group timeouts, the first
rebalance's delay and topic defaults are Kafka's). Only the JVM and the thread pools are made small,
so that it starts in a few seconds on a two-core machine beside the tests.
"""

from __future__ import annotations

import base64
import logging
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from app.errors import ConfigError, UnreachableError
from app.kafka.broker import free_port

log = logging.getLogger(__name__)

KAFKA_VERSION = "4.1.1"
POM = Path(__file__).resolve().parents[2] / "deploy" / "kafka" / "pom.xml"
STARTED = "Kafka Server started"
"""What ``kafka.server.KafkaRaftServer`` logs once its broker and controller both run."""

JVM_OPTIONS = (
    "-Xms128m", "-Xmx512m",
    # One GC thread and the client compiler only: a start costs a third of the CPU (a few seconds
    # of one core instead of both), and a test broker's throughput is far from either limit.
    "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData",
    "-Djava.awt.headless=true",
    # slf4j-simple (deploy/kafka/pom.xml): warnings only, and the line that says the broker runs.
    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
    "-Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info",
    "-Dorg.slf4j.simpleLogger.showDateTime=true",
)

SMALL_POOLS = {
    # Thread pools sized for one client machine (Kafka's defaults: 3, 8, 10, 2).
    "num.network.threads": "2", "num.io.threads": "2", "background.threads": "2",
    "num.recovery.threads.per.data.dir": "1",
}


class KafkaUnavailable(ConfigError):
    """Java or Kafka's jars are missing here; the message says what to install or run."""


class KafkaStartError(UnreachableError):
    """The broker did not start; the message names its log."""


def cache_dir(version: str = KAFKA_VERSION) -> Path:
    base = os.environ.get("GROUNDGATE_KAFKA_CACHE")
    if base:
        return Path(base) / f"kafka-{version}"
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "groundgate" / f"kafka-{version}"


def java_missing() -> str | None:
    """Why Apache Kafka cannot run here (no ``java``, or one older than 17), or None."""
    java = shutil.which("java")
    if java is None:
        return "Java is absent (Apache Kafka 4 needs Java 17 or newer on PATH)"
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"java -version failed: {exc}"
    found = re.search(r'version "(\d+)', out.stderr + out.stdout)
    if found is None or int(found.group(1)) < 17:
        return f"Java 17 or newer is needed, found {(out.stderr or out.stdout).splitlines()[:1]}"
    return None


def jars(version: str = KAFKA_VERSION) -> list[Path]:
    """The broker's class path, if it was fetched (else empty)."""
    lib = cache_dir(version) / "lib"
    return sorted(lib.glob("*.jar")) if (cache_dir(version) / "complete").exists() else []


def fetch_jars(version: str = KAFKA_VERSION, quiet: bool = True) -> Path:
    """Resolve the broker's jars with Maven into the cache (once: a complete cache is kept)."""
    target = cache_dir(version)
    if jars(version):
        return target / "lib"
    mvn = shutil.which("mvn")
    if mvn is None:
        raise KafkaUnavailable(f"Apache Kafka {version}'s jars are not in {target} and Maven is absent",
                               hint="install Maven (mvn) once, or run where it is: make kafka-jars")
    target.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="lib-", dir=target))
    cmd = [mvn, "-B", *(["-q"] if quiet else []), "-f", str(POM), f"-Dkafka.version={version}",
           "dependency:copy-dependencies", f"-DoutputDirectory={staging}"]
    done = subprocess.run(cmd, capture_output=quiet, text=True)
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        detail = (done.stdout or "")[-2000:] if quiet else ""
        raise KafkaUnavailable(f"Maven could not resolve Apache Kafka {version}: {detail.strip()}",
                               hint="check that Maven Central is reachable, then run make kafka-jars")
    shutil.rmtree(target / "lib", ignore_errors=True)
    staging.rename(target / "lib")
    (target / "complete").write_text(version)
    return target / "lib"


def classpath(version: str = KAFKA_VERSION) -> str:
    missing = java_missing()
    if missing:
        raise KafkaUnavailable(missing, hint="install a JDK 17 (e.g. apt-get install openjdk-17-jre-headless)")
    fetch_jars(version)
    return os.pathsep.join(str(j) for j in jars(version))


def cluster_id() -> str:
    """A Kafka cluster id: 16 random bytes, base64url without padding (``kafka-storage random-uuid``),
    never starting with ``-``: the storage tool would read it as an option (Kafka's own
    ``Uuid.randomUuid`` draws again for the same reason)."""
    while True:
        drawn = base64.urlsafe_b64encode(uuid.uuid4().bytes).rstrip(b"=").decode()
        if not drawn.startswith("-"):
            return drawn


@dataclass(frozen=True)
class Listener:
    """The listener clients use: its security protocol and what it needs.

    ``scram_users`` are created at format time (SCRAM-SHA-512 and SCRAM-SHA-256); ``plain_users``
    are the PLAIN mechanism's users, in the listener's JAAS line; ``keystore``/``keystore_password``
    (PKCS12) hold the broker's certificate for SSL and SASL_SSL."""

    protocol: str = "PLAINTEXT"
    scram_users: dict[str, str] = field(default_factory=dict)
    plain_users: dict[str, str] = field(default_factory=dict)
    keystore: Path | None = None
    keystore_password: str = ""

    def properties(self) -> dict[str, str]:
        props: dict[str, str] = {}
        if self.protocol.startswith("SASL"):
            mechanisms = [m for m, users in (("SCRAM-SHA-512", self.scram_users), ("SCRAM-SHA-256", self.scram_users),
                                             ("PLAIN", self.plain_users)) if users]
            props["listener.name.client.sasl.enabled.mechanisms"] = ",".join(mechanisms)
            for mech in mechanisms:
                if mech == "PLAIN":
                    users = " ".join(f'user_{u}="{p}"' for u, p in self.plain_users.items())
                    jaas = f"org.apache.kafka.common.security.plain.PlainLoginModule required {users};"
                else:
                    jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required;"
                props[f"listener.name.client.{mech.lower()}.sasl.jaas.config"] = jaas
        if self.protocol in ("SSL", "SASL_SSL"):
            if self.keystore is None:
                raise ValueError(f"a {self.protocol} listener needs a keystore")
            props.update({"listener.name.client.ssl.keystore.type": "PKCS12",
                          "listener.name.client.ssl.keystore.location": str(self.keystore),
                          "listener.name.client.ssl.keystore.password": self.keystore_password,
                          "listener.name.client.ssl.key.password": self.keystore_password})
        return props

    def scram_arguments(self) -> list[str]:
        out = []
        for user, password in self.scram_users.items():
            for mech in ("SCRAM-SHA-512", "SCRAM-SHA-256"):
                out += ["--add-scram", f"{mech}=[name={user},password={password}]"]
        return out


class KafkaBroker:
    """Apache Kafka on free loopback ports with a fresh log directory; stopped (and its log
    directory removed, unless it was given) on ``stop``. ``bootstrap`` is the clients' listener;
    a PLAINTEXT listener of its own carries the broker's traffic to itself."""

    kind = "kafka"

    def __init__(self, port: int | None = None, log_path: Path | None = None, data_dir: Path | None = None,
                 listener: Listener | None = None, version: str = KAFKA_VERSION,
                 overrides: dict[str, str] | None = None) -> None:
        self.port = port or free_port()
        self.internal_port = free_port()
        self.controller_port = free_port()
        self.log_path = log_path
        self.listener = listener or Listener()
        self.version = version
        self.overrides = overrides or {}
        self._own_dir = data_dir is None
        self.data_dir = data_dir or Path(tempfile.mkdtemp(prefix="groundgate-kafka-"))
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    def server_properties(self) -> dict[str, str]:
        client = self.listener.protocol
        props = {
            "process.roles": "broker,controller",
            "node.id": "1",
            "controller.quorum.voters": f"1@127.0.0.1:{self.controller_port}",
            "listeners": (f"CLIENT://127.0.0.1:{self.port},INTERNAL://127.0.0.1:{self.internal_port},"
                          f"CONTROLLER://127.0.0.1:{self.controller_port}"),
            "advertised.listeners": f"CLIENT://127.0.0.1:{self.port},INTERNAL://127.0.0.1:{self.internal_port}",
            "listener.security.protocol.map": f"CLIENT:{client},INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT",
            "inter.broker.listener.name": "INTERNAL",
            "controller.listener.names": "CONTROLLER",
            "log.dirs": str(self.data_dir / "log"),
            # What every single-node cluster must set: its internal topics cannot have 3 replicas.
            "offsets.topic.replication.factor": "1",
            "transaction.state.log.replication.factor": "1",
            "transaction.state.log.min.isr": "1",
            "share.coordinator.state.topic.replication.factor": "1",
            "share.coordinator.state.topic.min.isr": "1",
            **SMALL_POOLS,
            **self.listener.properties(),
            **self.overrides,
        }
        return props

    def _write_properties(self) -> Path:
        path = self.data_dir / "server.properties"
        path.write_text("".join(f"{k}={v}\n" for k, v in self.server_properties().items()))
        path.chmod(0o600)  # it may hold the PLAIN users' passwords and the keystore's
        return path

    def start(self, timeout_s: float = 60.0) -> KafkaBroker:
        cp = classpath(self.version)
        java = shutil.which("java") or "java"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        props = self._write_properties()
        out_path = self.log_path or self.data_dir / "kafka.log"
        fmt = subprocess.run([java, *JVM_OPTIONS, "-cp", cp, "kafka.tools.StorageTool", "format", "-t", cluster_id(),
                              "-c", str(props), *self.listener.scram_arguments()],
                             capture_output=True, text=True, timeout=120)
        if fmt.returncode != 0:
            raise KafkaStartError(f"kafka-storage format failed (exit {fmt.returncode}): "
                                  f"{(fmt.stderr or fmt.stdout).strip()[-500:]}")
        out = open(out_path, "ab")  # noqa: SIM115 (the broker's stdout for its lifetime)
        start = out.tell()
        self.proc = subprocess.Popen([java, *JVM_OPTIONS, "-cp", cp, "kafka.Kafka", str(props)],
                                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        out.close()
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise KafkaStartError(f"Apache Kafka exited with code {self.proc.returncode} on port {self.port}",
                                      hint=f"see {out_path}")
            if _logged_since(out_path, start, STARTED) and _listens(self.port):
                log.info("Apache Kafka %s on %s (log %s)", self.version, self.bootstrap, out_path)
                return self
            time.sleep(0.1)
        self.stop()
        raise KafkaStartError(f"Apache Kafka did not start on port {self.port} within {timeout_s:g}s",
                              hint=f"see {out_path}")

    def stop(self, timeout_s: float = 20.0) -> None:
        """A clean shutdown (SIGTERM: the broker closes its logs), SIGKILL if it takes too long."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None
        if self._own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def __enter__(self) -> KafkaBroker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _logged_since(path: Path, offset: int, text: str) -> bool:
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            return text.encode() in f.read()
    except OSError:
        return False


def _listens(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


if __name__ == "__main__":  # make kafka-jars
    print(fetch_jars(quiet=False))
