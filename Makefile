# Two commands for a fresh machine with only Python: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-untuned unit lint venv bench schemas clean kafka kafka-jars

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	$(BIN)/python -m compileall -q app agents events  # as an install does, whatever PYTHONDONTWRITEBYTECODE says
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/groundgate run

# Apache Kafka's jars from Maven Central (deploy/kafka/pom.xml), resolved once into
# ~/.cache/groundgate/kafka-<version>: the tests and `make kafka` run the broker from there. Without
# Java 17 and Maven this only says so (the Kafka half of the tests then skips, saying why).
kafka-jars: $(STAMP)
	@if command -v java >/dev/null 2>&1 && command -v mvn >/dev/null 2>&1; then \
	  $(BIN)/python -m app.kafka.apache; \
	else echo "kafka-jars: java or mvn is absent: Apache Kafka is not fetched (its tests will skip)"; fi

# A local Apache Kafka (KRaft, one node) on a free port: prints KAFKA_BOOTSTRAP_SERVERS, runs until Ctrl-C.
kafka: kafka-jars
	$(BIN)/groundgate broker --kind kafka

# Two test processes (TEST_PROCESSES=1 for one), each module's tests in one of them: most of an
# integration test is waiting on a broker or a worker, so two halve the time on two cores.
TEST_PROCESSES ?= 2

test: $(STAMP) kafka-jars
	$(BIN)/python -m pytest -q -n $(TEST_PROCESSES) --dist loadfile

# The integration tests with the Tansu tuning off on both brokers (app/kafka/tuning.py): no
# guarantee may rest on it. GROUNDGATE_TEST_BROKERS=tansu (or kafka) runs one broker kind only.
test-untuned: $(STAMP) kafka-jars
	GROUNDGATE_TEST_BROKER_TUNING=off $(BIN)/python -m pytest -q -n $(TEST_PROCESSES) --dist loadfile tests/integration

# The fast part (no broker, no store): the pure core, the agents through Faust's test_context,
# the model path through the real openai client; well under a minute.
unit: $(STAMP)
	$(BIN)/python -m pytest -q tests/unit tests/agents

# ruff, mypy (strict), and the import layering (import-linter's contracts in pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check app agents events tests bench
	$(BIN)/mypy app agents events
	$(BIN)/lint-imports --no-cache --no-logo

.PHONY: bench-load bench-faults bench-soak
BENCH_STAMP := $(VENV)/.bench-installed

$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install -q -e '.[test,bench]'
	touch $(BENCH_STAMP)

# The quick ones (a few minutes together); the load benchmark's --quick run gives the per-query overhead.
bench: $(BENCH_STAMP)
	$(BIN)/python bench/load.py --quick --n 50 --workers 1
	$(BIN)/python bench/trace_summary.py
	$(BIN)/python bench/wice_eval.py
	$(BIN)/python bench/audit_store.py
	$(BIN)/python bench/safety_net.py
	$(BIN)/python bench/model_budget.py

# Issue 11's load and fault benchmarks and issue 10's soak (minutes each; ARGS='--quick' for a smoke run).
bench-load: $(BENCH_STAMP)
	$(BIN)/python bench/load.py $(ARGS)

bench-faults: $(BENCH_STAMP)
	$(BIN)/python bench/faults.py $(ARGS)

bench-soak: $(BENCH_STAMP)
	$(BIN)/python bench/soak.py $(ARGS)

schemas: $(STAMP)
	$(BIN)/python -m events.schema --write

clean:
	rm -rf $(VENV) .groundgate
