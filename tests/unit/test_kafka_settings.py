"""What the Kafka settings make of every client: the Tansu tuning only where it is asked for (or
where groundgate starts the embedded broker), session timeouts Apache Kafka accepts, static group
membership, the cluster's security for aiokafka and Faust alike, and errors that name the variable
and never the password."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

import pytest

from app.kafka import clients, tuning
from app.kafka.runtime import create_app
from app.settings import Settings, SettingsError

KAFKA = "127.0.0.1:9"


@pytest.mark.parametrize(("bootstrap", "switch", "tuned"), [
    (None, "auto", True),  # groundgate starts the embedded Tansu itself
    (KAFKA, "auto", False),  # any KAFKA_BOOTSTRAP_SERVERS
    (KAFKA, "tansu", True),
    (None, "off", False),
])
def test_the_tansu_tuning_is_on_only_where_asked_for_or_on_the_embedded_broker(
        bootstrap: str | None, switch: str, tuned: bool) -> None:
    settings = Settings(bootstrap_servers=bootstrap, broker_tuning=switch)
    assert settings.tansu_tuning is tuned
    assert tuning.faust_broker(settings, KAFKA) == f"{'ggkafka' if tuned else 'kafka'}://{KAFKA}"


@pytest.mark.parametrize(("given", "switch", "expected"), [
    (None, "off", 10.0), (None, "tansu", 2.0), (7.0, "off", 7.0), (3.0, "tansu", 3.0)])
def test_the_default_session_timeout_is_one_apache_kafka_accepts_unless_tuned_for_tansu(
        given: float | None, switch: str, expected: float) -> None:
    settings = Settings(bootstrap_servers=KAFKA, broker_tuning=switch, session_timeout_s=given)
    assert settings.group_session_timeout_s == expected
    assert settings.heartbeat_interval_s == expected / 10
    if switch == "off" and given is None:
        assert expected >= 6.0, "group.min.session.timeout.ms is 6 s on Apache Kafka by default"


def test_an_untuned_worker_is_a_static_member_of_its_groups_under_a_name_kafka_accepts() -> None:
    settings = Settings(bootstrap_servers=KAFKA, broker_tuning="off", topic_prefix="p.")

    async def built() -> tuple[object, object, object, str]:
        app = create_app(settings, KAFKA, "host-1:6066")
        ledger = clients.group_consumer(settings, KAFKA, "ledger", tuning.group_instance_id(settings, "host-1:6066"))
        return app.conf.consumer_group_instance_id, app.conf.broker_session_timeout, ledger._group_instance_id, \
            app.conf.id

    instance, timeout, ledger_instance, group = asyncio.run(built())
    assert instance == ledger_instance == "host-1_6066"
    assert timeout == 10.0
    assert group == "p.groundgate", "the app's group carries the prefix"
    assert tuning.group_instance_id(Settings(broker_tuning="tansu"), "host-1:6066") is None


@pytest.mark.parametrize(("switch", "lingers"), [("off", True), ("tansu", False)])
def test_faust_producer_lingers_only_where_the_events_agents_act_on_go_by_a_lane_of_their_own(
        switch: str, lingers: bool) -> None:
    settings = Settings(bootstrap_servers=KAFKA, broker_tuning=switch)

    async def built() -> tuple[int, object]:
        return create_app(settings, KAFKA, "host-1:6066").conf.producer_linger_ms, \
            tuning.express_lane(settings, KAFKA)

    linger_ms, lane = asyncio.run(built())
    assert (lane is not None) is lingers, "the express lane exists only without the Tansu tuning"
    assert (linger_ms > 0) is lingers, "Faust's producer carries the agents' events with the tuning: no linger"


@pytest.mark.parametrize(("switch", "given", "static"), [
    ("off", None, True), ("tansu", None, False), ("off", False, False), ("tansu", True, True)])
def test_static_membership_is_on_unless_tuned_for_tansu_or_switched_off(switch: str, given: bool | None,
                                                                         static: bool) -> None:
    settings = Settings(bootstrap_servers=KAFKA, broker_tuning=switch, static_membership=given)
    assert settings.static_members is static
    assert (tuning.group_instance_id(settings, "w:1") is not None) is static


def test_partition_ends_are_what_listoffsets_said_without_the_tuning() -> None:
    listed = {("t", 0): 5, ("t", 1): 0}
    # no broker at KAFKA: a fetch would fail and be logged; without the tuning none is sent
    assert asyncio.run(tuning.partition_ends(Settings(broker_tuning="off"), KAFKA, listed)) == listed


def test_plaintext_is_the_default_security() -> None:
    assert clients.security(Settings()) == {"security_protocol": "PLAINTEXT"}
    assert clients.faust_credentials(Settings()) is None


def test_sasl_ssl_with_scram_reaches_aiokafka_and_faust_alike(tmp_path: Path) -> None:
    from faust.auth import SASLCredentials

    if shutil.which("openssl") is None:
        pytest.skip("openssl is absent: no CA file to trust")
    ca = tmp_path / "ca.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-days", "1", "-subj", "/CN=gg-unit-ca", "-keyout", str(tmp_path / "ca.key"), "-out", str(ca)],
                   check=True, capture_output=True, timeout=60)
    settings = Settings(kafka_security_protocol="SASL_SSL", kafka_sasl_mechanism="SCRAM-SHA-512",
                        kafka_sasl_username="gg", kafka_sasl_password="pw", kafka_ssl_cafile=ca)
    options = clients.security(settings)
    assert options["security_protocol"] == "SASL_SSL" and options["sasl_mechanism"] == "SCRAM-SHA-512"
    assert options["sasl_plain_username"] == "gg" and options["sasl_plain_password"] == "pw"
    assert options["ssl_context"].verify_mode.name == "CERT_REQUIRED"
    credentials = clients.faust_credentials(settings)
    assert isinstance(credentials, SASLCredentials) and credentials.protocol.value == "SASL_SSL"
    assert credentials.mechanism.value == "SCRAM-SHA-512"


def test_sasl_without_its_credentials_names_the_missing_variables(env: pytest.MonkeyPatch) -> None:
    env.setenv("GROUNDGATE_KAFKA_SECURITY_PROTOCOL", "SASL_SSL")
    env.setenv("GROUNDGATE_KAFKA_SASL_PASSWORD", "hunter2-secret")
    with pytest.raises(SettingsError) as caught:
        Settings.from_env()
    assert "GROUNDGATE_KAFKA_SASL_MECHANISM" in str(caught.value) and "GROUNDGATE_KAFKA_SASL_USERNAME" in str(caught.value)
    assert "hunter2-secret" not in str(caught.value)


def test_a_bad_sasl_password_value_is_never_echoed(env: pytest.MonkeyPatch) -> None:
    env.setenv("GROUNDGATE_KAFKA_SECURITY_PROTOCOL", "SASL_SOMETHING")
    env.setenv("GROUNDGATE_KAFKA_SASL_PASSWORD", "hunter2-secret")
    with pytest.raises(SettingsError) as caught:
        Settings.from_env()
    assert "GROUNDGATE_KAFKA_SECURITY_PROTOCOL" in str(caught.value) and "hunter2-secret" not in str(caught.value)


def test_an_unreadable_ca_file_is_a_settings_error_that_names_it(tmp_path: Path) -> None:
    settings = Settings(kafka_security_protocol="SSL", kafka_ssl_cafile=tmp_path / "missing.pem")
    with pytest.raises(SettingsError, match="GROUNDGATE_KAFKA_SSL_CAFILE"):
        clients.security(settings)


def test_a_client_certificate_needs_its_key() -> None:
    with pytest.raises(ValueError, match="KAFKA_SSL_KEYFILE"):
        Settings(kafka_security_protocol="SSL", kafka_ssl_certfile=Path("c.pem"))
