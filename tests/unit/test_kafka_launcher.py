"""The Apache Kafka launcher's configuration, read without starting a JVM: the pinned version is the
pom's, the broker is a one-node KRaft cluster whose clients' listener carries the security asked for,
and nothing a client sees differs from Kafka's defaults."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.kafka import apache
from app.kafka.apache import KafkaBroker, Listener


def test_the_launcher_runs_the_version_the_pom_resolves() -> None:
    pom = apache.POM.read_text()
    assert re.search(r"<kafka.version>([^<]+)</kafka.version>", pom).group(1) == apache.KAFKA_VERSION


def test_a_cluster_id_is_what_kafka_storage_random_uuid_prints_and_never_reads_as_an_option() -> None:
    ids = {apache.cluster_id() for _ in range(2000)}  # one in 64 base64url strings starts with '-'
    assert len(ids) == 2000 and all(re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_-]{21}", i) for i in ids)


def test_the_cache_follows_groundgate_kafka_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GROUNDGATE_KAFKA_CACHE", str(tmp_path))
    assert apache.cache_dir("9.9.9") == tmp_path / "kafka-9.9.9"
    assert apache.jars("9.9.9") == []  # nothing fetched there: no class path, a fetch first


def test_a_plaintext_broker_is_one_kraft_node_with_kafka_s_client_facing_defaults(tmp_path: Path) -> None:
    props = KafkaBroker(port=19092, data_dir=tmp_path).server_properties()
    assert props["process.roles"] == "broker,controller"
    assert props["listener.security.protocol.map"].startswith("CLIENT:PLAINTEXT,")
    assert "CLIENT://127.0.0.1:19092" in props["advertised.listeners"]
    for client_facing in ("group.initial.rebalance.delay.ms", "group.min.session.timeout.ms",
                          "num.partitions", "auto.create.topics.enable", "log.retention.hours"):
        assert client_facing not in props


def test_a_sasl_ssl_listener_takes_scram_and_plain_users_and_the_broker_s_keystore(tmp_path: Path) -> None:
    listener = Listener("SASL_SSL", scram_users={"gg": "s3cret"}, plain_users={"pl": "pw"},
                        keystore=tmp_path / "broker.p12", keystore_password="ks")
    props = KafkaBroker(data_dir=tmp_path, listener=listener).server_properties()
    assert props["listener.security.protocol.map"].startswith("CLIENT:SASL_SSL,")
    assert props["listener.name.client.sasl.enabled.mechanisms"] == "SCRAM-SHA-512,SCRAM-SHA-256,PLAIN"
    assert 'user_pl="pw"' in props["listener.name.client.plain.sasl.jaas.config"]
    assert props["listener.name.client.ssl.keystore.location"] == str(tmp_path / "broker.p12")
    assert listener.scram_arguments() == ["--add-scram", "SCRAM-SHA-512=[name=gg,password=s3cret]",
                                          "--add-scram", "SCRAM-SHA-256=[name=gg,password=s3cret]"]


def test_a_tls_listener_without_a_keystore_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="keystore"):
        KafkaBroker(data_dir=tmp_path, listener=Listener("SSL")).server_properties()
