"""Adapters that touch Kafka and Faust: the embedded broker, topics, the runtime the agents run in,
the ledger (watchdog), heartbeats, reading records back, and the clients."""
