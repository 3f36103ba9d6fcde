#!/bin/bash
# A read-only ClickHouse user for Grafana; its password comes from the environment
# (CLICKHOUSE_READER_PASSWORD, see docker-compose.yml) and is written to no file.
set -euo pipefail
pw=${CLICKHOUSE_READER_PASSWORD//\\/\\\\}
pw=${pw//\'/\\\'}
clickhouse client --user "$CLICKHOUSE_USER" --password "$CLICKHOUSE_PASSWORD" --multiquery --query "
CREATE USER IF NOT EXISTS grafana IDENTIFIED WITH sha256_password BY '$pw';
GRANT SELECT ON ${CLICKHOUSE_DB}.* TO grafana;"
