"""groundgate's wire contract: event models, codec and JSON Schemas. No rules live here."""

from events.codec import DecodeError, decode, decode_record, encode, message_id, to_dict
from events.models import *  # noqa: F403
from events.models import EVENT_TYPES, SCHEMA_VERSION, Event, derived_id

__all__ = ["DecodeError", "decode", "decode_record", "message_id", "encode", "to_dict", "EVENT_TYPES",
           "SCHEMA_VERSION", "Event", "derived_id"]
