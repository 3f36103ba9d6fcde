"""The audit store and what reads it: ClickHouse tables, the writer that fills them (in a worker or
as `groundgate audit`), the dashboards, the Grafana dashboard, replay."""
