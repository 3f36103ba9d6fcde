"""groundgate's wire contract: event models, codec and JSON Schemas. No rules live here."""

from events.codec import DecodeError, decode, encode, message_id, record_time, to_dict
from events.models import *  # noqa: F403
from events.models import EVENT_TYPES, SCHEMA_VERSION, Event, derived_id

__all__ = ["DecodeError", "decode", "message_id", "record_time", "encode", "to_dict", "EVENT_TYPES",
           "SCHEMA_VERSION", "Event", "derived_id"]
