"""The four model roles: the one owner of model clients (llm), prompts, the offline engine, the
model-backed roles, the simulated latency wrapper, building roles from settings, and `models check`."""
